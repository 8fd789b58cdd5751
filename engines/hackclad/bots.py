"""HackClad bots (placeholder replaced below)."""
