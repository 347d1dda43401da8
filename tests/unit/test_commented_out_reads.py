"""A command the author commented out is not read as if TeX ran it (the one LaTeX reading,
figures.texread): graphicx's draft option for `figures paper`, a verbatim input for pack."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from figures.pack.run import _verbatim
from figures.paper.drafts import draft as _draft


def test_a_commented_out_draft_option_is_not_named(tmp_path: Path):
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n% \\usepackage[draft]{graphicx}\n"
                    "\\usepackage{graphicx}\n", encoding="utf-8")
    paper = SimpleNamespace(class_options=(), main=main, sources=[main], root=tmp_path)
    assert _draft(paper) is None
    main.write_text("\\documentclass{article}\n\\usepackage[draft]{graphicx}\n",
                    encoding="utf-8")
    assert _draft(paper) == "graphicx's option draft (main.tex:2): graphicx prints a frame"


def test_a_commented_out_listing_is_not_packed_as_verbatim(tmp_path: Path):
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\n% \\lstinputlisting{old.tex}\n"
        "\\input{old}\n\\lstinputlisting{code.py}\n\\end{document}\n", encoding="utf-8")
    assert _verbatim(tmp_path, ["main.tex"])[0] == {"code.py"}
