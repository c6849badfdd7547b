"""Print the README's set-up commands: the lines of the first ```sh block after its
"Set up and build" heading. CI runs them as written;
tests/end_to_end/test_docs_work_as_written.py reads them too."""

from __future__ import annotations

import re
import sys
from pathlib import Path


def setup_commands(readme: str) -> list[str]:
    section = readme.split("## Set up and build", 1)[1]
    block = re.search(r"^```sh[^\n]*\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    if block is None:
        raise SystemExit("README: no ```sh block under 'Set up and build'")
    return [line.strip() for line in block.group(1).splitlines() if line.strip()]


if __name__ == "__main__":
    readme = Path(__file__).resolve().parent.parent / "README.md"
    sys.stdout.write("".join(c + "\n" for c in setup_commands(readme.read_text("utf-8"))))
