"""No private attribute of another package's object is read (issue 43): pypdf's writer
objects, Pillow's, matplotlib's and the process pool's private names change without notice.
The standard library's own shutdown hooks of figures/author_code.py are the exceptions, named."""

from __future__ import annotations

import ast

from helpers import REPO

#: ``os._exit`` is public; the interpreter offers no public way to let a figure's leftover
#: thread not hold up the exit (figures/author_code.py says why).
ALLOWED = {"os._exit", "thread._daemonic", "threading._shutdown_locks_lock",
           "threading._shutdown_locks", "thread._tstate_lock", "warnings._filters_mutated"}


def test_no_private_attribute_of_another_package_is_read():
    found = []
    for path in sorted((REPO / "figures").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                owner = ast.unparse(node.value)
                if owner not in ("self", "cls") and f"{owner}.{node.attr}" not in ALLOWED:
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}: {owner}.{node.attr}")
            elif (isinstance(node, ast.Call) and ast.unparse(node.func) == "getattr"
                  and isinstance(name := node.args[1], ast.Constant)
                  and str(name.value).startswith("_") and not str(name.value).startswith("__")):
                found.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)
