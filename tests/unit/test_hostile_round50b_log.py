"""Round 50b (K17): a compile's error naming a non-ASCII file (``figs/naïve.png``, as a macOS
checkout leaves it in NFD) was told as ``figs/naÃ¯ve.png``: TeX prints a name as its bytes,
and the log was read as Latin-1. It is read as UTF-8 where it decodes."""

from __future__ import annotations

from figures import texlog


def test_a_file_name_in_the_log_is_read_as_utf8(tmp_path):
    log = tmp_path / "main.log"
    log.write_bytes("./main.tex:7: Package pdftex.def Error: File `figs/naïve.png' not found: "
                    "using draft setting.\n".encode())
    said = texlog.first_error(log, "")
    assert "File `figs/naïve.png' not found" in said, said


def test_a_latin1_log_is_still_read(tmp_path):
    log = tmp_path / "main.log"
    log.write_bytes("! Undefined control sequence: caf\xe9.\n".encode("latin-1"))
    assert "café" in texlog.first_error(log, "")
