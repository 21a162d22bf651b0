"""``python -m cardtable``: the ``cardtable`` command, when its script is not at hand."""

import sys

from cardtable.cli import main

sys.exit(main())
