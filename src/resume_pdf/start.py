"""The `resume-pdf` command's entry point: load the program with the garbage collector paused.

Start-up creates tens of thousands of objects that live until exit (modules, classes, click's
command tree, fonts), and the collector would walk them again and again while they are made
(about 2 % of a cold build's instructions and 4 % of `--help`'s). Work that runs longer than
start-up imports `build`, whose `thirdparty.fast_import` freezes what was loaded out of the
collector's sight and turns it back on, so a watch loop or a batch collects as usual.

click's own words ("Usage:", "Show this message and exit.") go through gettext, which on
each one normalises the user's locale names and probes
`<python>/share/locale/<language>/LC_MESSAGES/messages.mo`, a file of a generic name that any
package may install and that would then translate those words, and only those, in the middle
of our English messages. The command keeps them in English and reads no such file (about 3 %
of `--help`). Only the command does this; importing resume_pdf as a library changes nothing.
"""

from __future__ import annotations

import gc
import gettext


def _untranslated(domain: str, message: str) -> str:
    return message


def _untranslated_plural(domain: str, singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def main() -> None:
    gc.disable()
    gettext.dgettext = _untranslated  # what gettext.gettext and ngettext look up
    gettext.dngettext = _untranslated_plural
    from .cli import main as cli_main

    cli_main()
