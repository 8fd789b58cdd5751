"""The application: persistence, sessions, tables, timers, the Discord adapter and the CLI."""
