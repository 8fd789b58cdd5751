"""Pure pictures: each game's View becomes PNG bytes with Pillow. No Discord, no database."""
