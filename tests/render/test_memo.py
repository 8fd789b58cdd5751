"""The picture cache itself: bounded by count and bytes, least recently used first out, thread-safe."""

from __future__ import annotations

import threading

from render.core.memo import ImageMemo, clear_all, picture_key


def test_a_hit_returns_the_stored_picture_without_drawing() -> None:
    memo = ImageMemo()
    drawn: list[bytes] = []

    def draw(picture: bytes) -> bytes:
        drawn.append(picture)
        return picture

    assert memo.get(b"k", lambda: draw(b"png")) == b"png"
    assert memo.get(b"k", lambda: draw(b"other")) == b"png"
    assert drawn == [b"png"] and (memo.hits, memo.misses) == (1, 1)


def test_no_picture_is_remembered_too() -> None:
    memo = ImageMemo()
    assert memo.get(b"spectator", lambda: None) is None
    assert memo.get(b"spectator", lambda: b"never drawn") is None
    assert memo.hits == 1


def test_least_recently_used_goes_first_when_full() -> None:
    memo = ImageMemo(entries=2)
    memo.get(b"a", lambda: b"A")
    memo.get(b"b", lambda: b"B")
    memo.get(b"a", lambda: b"?")  # a is now the most recent
    memo.get(b"c", lambda: b"C")  # evicts b
    assert len(memo) == 2
    assert memo.get(b"a", lambda: b"redrawn") == b"A"
    assert memo.get(b"b", lambda: b"redrawn") == b"redrawn"


def test_the_byte_budget_bounds_keys_and_pictures_together() -> None:
    memo = ImageMemo(entries=100, max_bytes=100)
    for index in range(10):
        memo.get(bytes([index]) * 10, lambda: b"p" * 30)  # 40 bytes each
    assert memo.size_bytes <= 100 and len(memo) == 2
    memo.get(b"huge", lambda: b"p" * 1000)  # bigger than the whole budget: drawn, not stored
    assert len(memo) == 2 and memo.size_bytes <= 100


def test_clear_all_empties_every_cache() -> None:
    memo = ImageMemo()
    memo.get(b"k", lambda: b"v")
    clear_all()
    assert len(memo) == 0 and memo.size_bytes == 0 and memo.hits == memo.misses == 0


def test_keys_differ_by_kind_names_and_drawn_data() -> None:
    base = picture_key("hand", ("Ann", "Bob"), {"viewer": 0})
    assert base == picture_key("hand", ["Ann", "Bob"], {"viewer": 0})
    assert base != picture_key("board", ("Ann", "Bob"), {"viewer": 0})
    assert base != picture_key("hand", ("Ann", "Rob"), {"viewer": 0})
    assert base != picture_key("hand", ("Ann", "Bob"), {"viewer": 1})


def test_threads_sharing_a_cache_each_get_the_picture_for_their_key() -> None:
    memo = ImageMemo(entries=8)
    wrong: list[int] = []

    def work(worker: int) -> None:
        for round_ in range(300):
            key = worker * 1000 + round_ % 12
            got = memo.get(str(key).encode(), lambda k=key: str(k).encode() * 3)  # type: ignore[misc]
            if got != str(key).encode() * 3:
                wrong.append(key)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong and len(memo) <= 8
