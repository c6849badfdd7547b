"""Reading a built PDF back: its text layer, its tags and the portals' limits (--verify),
the glyphs before a build, and the results document of --json."""
