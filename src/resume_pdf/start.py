"""The `resume-pdf` command's entry point: load the program with the garbage collector paused.

Start-up creates tens of thousands of objects that live until exit (modules, classes, click's
command tree, fonts), and the collector would walk them again and again while they are made
(about 2 % of a cold build's instructions and 4 % of `--help`'s). Work that runs longer than
start-up imports `build`, whose `thirdparty.fast_import` freezes what was loaded out of the
collector's sight and turns it back on, so a watch loop or a batch collects as usual.
"""

from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    from .cli import main as cli_main

    cli_main()
