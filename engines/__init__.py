"""Pure rule engines: no I/O, no asyncio, no Discord, no database, no images."""
