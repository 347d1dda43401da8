r"""TeX Live's safe settings for every run of figures/runner.py (sync's probe, `figures paper`'s
latexmk and the bibtex it runs, pack's compiles, kpsewhich), whatever the shell exports:
kpathsea takes a texmf.cnf variable from the environment over texmf.cnf's, and expands
``$VAR`` and ``{a,b}`` in it as in texmf.cnf. A downloaded paper is untrusted input: none of
its code runs.

- ``openout_any=p``, ``TEXMFOUTPUT`` unset (under which paranoid TeX writes too): TeX writes
  no file outside its folders.
- ``shell_escape=f``: TeX runs no shell command.
- ``TEXFORMATS`` and ``TEXPOOL`` are texmf.cnf's own, without its first entry
  ``$TEXMFDOTDIR`` (``.``): a format is LaTeX itself, dumped, so a ``pdflatex.fmt`` in the
  paper's folder (TeX's working folder) would replace LaTeX with the paper's code for the
  probe and the compile (hostile round 50a, P24, P24b). Only the installation's formats load
  (``fmtutil-user``'s in ``TEXMFVAR`` too); a ``TEXFORMATS`` the shell exports is not taken.
- ``parse_first_line=f``: a first line ``%&name`` chooses no format (round 50a, P38: with a
  ``name.fmt`` shipped beside it) and no character translation (``%&-translate-file``): it is
  a comment, as ``tex`` (Knuth's) takes it.
- ``MKTEXTFM``, ``MKTEXPK``, ``MKTEXMF``, ``MKTEXTEX``, ``MKTEXFMT``, ``MKOCP``, ``MKOFM`` ``0``:
  kpathsea makes no missing file. Its scripts would run METAFONT on a ``NAME.mf`` the paper
  ships for a ``\font\x=NAME`` and write ``NAME.tfm`` and ``NAME.600pk`` into the paper's
  folder, under ``sync -n`` too (round 50a, P37, P37n): a font TeX does not find is TeX's
  error naming it (``Font \x=NAME not loadable: Metric (TFM) file not found``), and nothing
  is written. TeX Live's fonts are found as they are (Type 1, or a bitmap made before);
  one that exists only as a METAFONT source and was never made on this machine is made by
  a compile by hand once (kpathsea keeps it in ``TEXMFVAR``).
"""

from __future__ import annotations

#: Each setting, None: unset (taken out of the environment).
TEX_SAFE: dict[str, str | None] = {
    "openout_any": "p", "shell_escape": "f", "TEXMFOUTPUT": None,
    "TEXFORMATS": "$TEXMF/web2c{/$engine,}", "TEXPOOL": "$TEXMF/web2c",
    "parse_first_line": "f",
    **dict.fromkeys(("MKTEXTFM", "MKTEXPK", "MKTEXMF", "MKTEXTEX", "MKTEXFMT", "MKOCP", "MKOFM"),
                    "0")}
