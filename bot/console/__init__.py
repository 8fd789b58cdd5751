"""The terminal adapter: play, self-play, render snapshots and list games without Discord."""
