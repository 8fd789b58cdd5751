"""The database tables (SQLAlchemy Core). Alembic migrations in bot/migrations build the same schema."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
)

metadata = MetaData()

#: one row per Discord server: table settings an admin changes with /config
guild_settings = Table(
    "guild_settings",
    metadata,
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("channels", JSON, nullable=False),  # allowed table channel ids; empty = all
    Column("disabled_games", JSON, nullable=False),
    Column("turn_timeout_seconds", Integer, nullable=False),
    Column("timeout_action", String(16), nullable=False),
    Column("thread_per_game", Boolean, nullable=False),
    Column("mention_on_turn", Boolean, nullable=False),
    Column("updated_at", Float, nullable=False),
    # "en", "ja"...: the language new tables and /rules, /cards default to; NULL follows the
    # server's Discord locale
    Column("language", String(8), nullable=True),
    # ratings: whether /leaderboard answers here, the games before a player is ranked (NULL: the
    # default setting) and the server's current season (seasons count from 1)
    Column("leaderboard", Boolean, nullable=False, server_default="1"),
    Column("provisional_games", Integer, nullable=True),
    Column("season", Integer, nullable=False, server_default="1"),
)

#: the values of ``tables.status``: an open lobby, a running game, and the two ends
LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
ABORTED = "aborted"
#: the statuses in which a table holds its channel
ACTIVE = (LOBBY, PLAYING)

#: one row per table (a lobby, then the match record, its latest snapshot and status)
tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("guild_id", BigInteger, nullable=True),  # None for a solo game in DMs
    Column("channel_id", BigInteger, nullable=False),
    Column("thread_id", BigInteger, nullable=True),
    # equals channel_id while the table is open or playing, NULL afterwards: the unique
    # constraint gives "one active table per channel" on SQLite and PostgreSQL alike
    Column("active_channel_id", BigInteger, nullable=True, unique=True),
    Column("host_id", BigInteger, nullable=False),
    Column("solo", Boolean, nullable=False),
    Column("game", String(32), nullable=False),
    Column("mode", String(32), nullable=False),
    Column("options", JSON, nullable=False),  # table options as the host set them
    Column("status", String(16), nullable=False),
    Column("rules_version", String(32), nullable=True),
    Column("content_version", String(32), nullable=True),
    Column("config", JSON, nullable=True),  # the resolved GameConfig, set at start
    Column("seed", BigInteger, nullable=True),
    Column("rng_algorithm", String(32), nullable=True),
    Column("seq", Integer, nullable=False),
    Column("snapshot", LargeBinary, nullable=True),  # ruleset.encode(latest state)
    Column("outcome", JSON, nullable=True),
    Column("version", Integer, nullable=False),  # row version: optimistic lock across processes
    Column("public_message_id", BigInteger, nullable=True),
    # the fingerprint of what the table message shows, so a hidden move never edits it
    Column("public_digest", String(64), nullable=True),
    Column("public_moves", Integer, nullable=False, server_default="0"),  # moves on public decisions
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
)
Index("ix_tables_status", tables.c.status)
# /table in a thread looks its table up by thread (the channel's is the unique active_channel_id)
Index("ix_tables_thread", tables.c.thread_id)
# a server's running tables: a new turn timeout moves their timers at once
Index("ix_tables_guild_status", tables.c.guild_id, tables.c.status)
# a channel's games, newest first (/table replay's suggestions)
Index("ix_tables_channel", tables.c.channel_id, tables.c.id)

#: who sits where; a seat is a Discord user, a bot, or a user whose seat a bot took over
seats = Table(
    "seats",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("user_id", BigInteger, nullable=True),
    Column("bot", String(32), nullable=True),  # difficulty or bot name when a bot plays the seat
    Column("name", String(100), nullable=False),
    Column("dm_open", Boolean, nullable=False),
    Column("dm_message_id", BigInteger, nullable=True),
    # the adapter's fingerprint of what that DM shows, so an unchanged DM is not edited again
    Column("dm_digest", String(64), nullable=True),
    Column("has_left", Boolean, nullable=False),  # the player left mid-game and a bot took over
    Column("seat_options", JSON, nullable=False),
    Column("prompted_at", Float, nullable=True),
    Column("deadline", Float, nullable=True),
    Column("remind_at", Float, nullable=True),
    Column("reminded", Boolean, nullable=False),
    Column("moves", Integer, nullable=False, server_default="0"),  # moves this seat made
)
# a person's seats; with the table, their games newest first (/table replay's suggestions)
Index("ix_seats_user", seats.c.user_id, seats.c.table_id)
# the timer sweeps read only due rows through these: a deadline is cleared when its turn is
# answered or timed out, and remind_at when its reminder is claimed, so each range holds only
# what is still to do
Index("ix_seats_deadline", seats.c.deadline)
Index("ix_seats_remind_at", seats.c.remind_at)

#: the match log: (seq, seat, action key) per applied action, bots' moves included
moves = Table(
    "moves",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action_key", String(100), nullable=False),
    Column("at", Float, nullable=False),
)

#: one row per seat of a finished game, for stats and leaderboards
results = Table(
    "results",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("guild_id", BigInteger, nullable=True),
    Column("game", String(32), nullable=False),
    Column("mode", String(32), nullable=False),
    Column("user_id", BigInteger, nullable=True),
    Column("bot", String(32), nullable=True),
    Column("name", String(100), nullable=False),
    Column("won", Boolean, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("score", Integer, nullable=True),
    Column("forfeit", Boolean, nullable=False),
    Column("finished_at", Float, nullable=False),
)
Index("ix_results_user_game", results.c.user_id, results.c.game)
Index("ix_results_guild_game", results.c.guild_id, results.c.game)


#: which finished games count for ratings, one row each: the primary key is what makes a game
#: rated exactly once, and ``season`` the server season it counted in (0: a game in DMs)
rated_games = Table(
    "rated_games",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("guild_id", BigInteger, nullable=True),
    Column("season", Integer, nullable=False),
    Column("game", String(32), nullable=False),
    Column("mode", String(32), nullable=False),
    # the game's finish time, moved just past the last update of any rating it touches: replaying
    # in (rated_at, table_id) order is then the order the ratings were written in, even when two
    # processes finished games of the same players at once
    Column("rated_at", Float, nullable=False),
)
# `ratings rebuild` replays them in this order
Index("ix_rated_games_order", rated_games.c.rated_at, rated_games.c.table_id)

#: one openskill rating per entity per board: ``board`` is "*" (everywhere) or "g<server>:s<season>";
#: ``mode`` "" is the game as a whole; ``entity`` is "u<user id>", "bot:<level>" or "auto:<name>"
ratings = Table(
    "ratings",
    metadata,
    Column("board", String(40), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mode", String(32), primary_key=True),
    Column("entity", String(80), primary_key=True),
    Column("kind", String(8), nullable=False),  # "person", "bot" or "auto" (an automaton)
    Column("user_id", BigInteger, nullable=True),
    Column("name", String(100), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("shown", Integer, nullable=False),  # the number players see, kept for indexed ranking
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)
# a board's ladder, best first, and a caller's rank (a count over the range above them; with
# ``games`` in it the provisional filter is read from the index alone, and with ``entity`` a page
# is read in the ladder's own order, ties included, without sorting the board)
Index(
    "ix_ratings_ladder",
    ratings.c.board,
    ratings.c.game,
    ratings.c.mode,
    ratings.c.kind,
    ratings.c.shown,
    ratings.c.games,
    ratings.c.entity,
)
# a person's ratings for /stats
Index("ix_ratings_user", ratings.c.user_id, ratings.c.game)

#: what each rated game changed, per entity and board: /stats' last games and rating history
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("board", String(40), primary_key=True),
    Column("mode", String(32), primary_key=True),
    Column("entity", String(80), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("user_id", BigInteger, nullable=True),
    Column("before", Integer, nullable=False),  # shown rating before and after the game
    Column("after", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)
Index(
    "ix_rating_changes_user",
    rating_changes.c.user_id,
    rating_changes.c.game,
    rating_changes.c.board,
    rating_changes.c.mode,
    rating_changes.c.at,
    rating_changes.c.table_id,  # newest first, ties by game: read in index order
)

#: a server's seasons: number 1 is the one every server starts in (it has no row until named)
seasons = Table(
    "seasons",
    metadata,
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("name", String(50), nullable=False),
    Column("started_at", Float, nullable=False),
)

#: people who hide themselves from the boards of servers they are not in (/stats privacy)
hidden_players = Table(
    "hidden_players",
    metadata,
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    Column("at", Float, nullable=False),
)

#: a finished game's review (win chances along the game, turning points), worked out once: the
#: chart is drawn again from ``data`` on each look, so only figures and words are kept
reviews = Table(
    "reviews",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("data", JSON, nullable=False),
    Column("made_at", Float, nullable=False),
)
