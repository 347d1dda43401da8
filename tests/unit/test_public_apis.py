"""No private attribute of another package's object is read (issue 43): pypdf's writer
objects, Pillow's, matplotlib's and the process pool's private names change without notice.
``os._exit``, public, is the one exception."""

from __future__ import annotations

import ast

from helpers import REPO

#: ``os._exit`` is public.
ALLOWED = {"os._exit"}


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
