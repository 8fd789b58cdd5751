"""Non-secret defaults shipped with Tablekeeper (``defaults.toml``); secrets come from the environment."""
