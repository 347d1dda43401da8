"""The one decoding of a paper's source file into text, for every reader that looks at its
letters (the anonymity checks' names, the hidden notes' words): :func:`decoded`; and
whether bytes are a binary file (a font, an image) rather than text at all: :func:`binary`.

A LaTeX file is bytes; TeX reads them as the paper's ``inputenc`` says, and a paper written
before UTF-8 was LaTeX's default (2018) is often Latin-1 (``\\usepackage[latin1]{inputenc}``,
German or French prose in an old editor). Decoded as UTF-8 with replacement, ``J\\xf6rg``
became ``J\\ufffdrg``: the name split in two fragments and not found (hostile round 29, A5),
a hidden branch's words not taken for words (H3). So:

1. UTF-8, strictly, first: valid UTF-8 is what nearly every file is, and a Latin-1 text
   of letters is almost never valid UTF-8 by chance (``\\xf6r`` is not).
2. Else the encoding ``inputenc`` names in the paper's files (``latin1``, ``latin9``,
   ``ansinew``, ``cp1250``...; the main file names it, the files it inputs follow it), when
   Python knows it and the bytes decode with it.
3. Else Windows-1252 (cp1252), with the five bytes it leaves undefined as Latin-1's: it is
   Latin-1 in every letter (0xA0-0xFF) and has the curly quotes and dashes a Windows editor
   writes in 0x80-0x9F, where Latin-1 has only control characters; and it never fails.

Every step but UTF-8 gives one character per byte, so offsets and line numbers are the
file's. The pack's comment stripping, which writes the bytes back, keeps its own byte-exact
UTF-8 round trip (``surrogateescape``): it looks at no letter.
"""

from __future__ import annotations

import codecs
import re

#: ``\\usepackage[latin1]{inputenc}`` (or ``\\RequirePackage``, options listed): the options.
_INPUTENC = re.compile(rb"\\(?:usepackage|RequirePackage)\s*\[([^\]]*)\]\s*\{\s*inputenc\s*\}")

#: inputenc's names Python spells otherwise (the rest, ``cp1250``, ``koi8-r``, ``latin1``,
#: Python knows as they are).
_NAMES = {"ansinew": "cp1252", "applemac": "mac_roman", "macce": "mac_latin2",
          "utf8x": "utf-8", "lutf8": "utf-8"}

#: cp1252, its undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) as Latin-1's.
_CP1252 = dict(enumerate(bytes([b]).decode("cp1252", errors="replace").replace("\ufffd", chr(b))
                         for b in range(256)))


def named(sources: list[bytes]) -> str | None:
    """The Python codec of the last encoding ``inputenc`` is given in ``sources`` (its last
    option: inputenc takes the last), None when none is or Python knows none by its name."""
    found = None
    for data in sources:
        for match in _INPUTENC.finditer(data):
            options = [o.strip() for o in match[1].decode("ascii", "replace").split(",")]
            found = next((o for o in reversed(options) if o), found)
    if found is None:
        return None
    try:
        return codecs.lookup(_NAMES.get(found.lower(), found.lower())).name
    except LookupError:
        return None


def decoded(data: bytes, encoding: str | None = None) -> str:
    """``data``, a source file of the paper, as text: UTF-8, else ``encoding`` (the paper's
    inputenc's, :func:`named`), else cp1252 (the module's docstring says why)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if encoding is not None and encoding != "utf-8":
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            pass
    return data.decode("latin-1").translate(_CP1252)


def decoded_all(files: dict[str, bytes]) -> dict[str, str]:
    """Each of ``files`` (the paper's sources, by name) as :func:`decoded` reads it, with the
    encoding inputenc names in any of them."""
    encoding = named(list(files.values()))
    return {name: decoded(data, encoding) for name, data in files.items()}


def encodings(text: str) -> list[bytes]:
    """The byte forms ``text`` (a name) may have in a source :func:`decoded` reads: UTF-8,
    and the single-byte forms of its letters (Latin-1, cp1252) when they differ."""
    forms = [text.encode("utf-8")]
    for codec in ("latin-1", "cp1252"):
        try:
            form = text.encode(codec)
        except UnicodeEncodeError:
            continue
        if form not in forms:
            forms.append(form)
    return forms


#: Bytes a text TeX reads holds seldom (not tab, line and form feed, carriage return, escape).
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
#: How binary files begin: a PDF, PNG, JPEG, GIF, a Type 1 font, OpenType, TrueType, WOFF,
#: a zip, a gzip.
_MAGIC = (b"%PDF", b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"\x80\x01", b"OTTO",
          b"\x00\x01\x00\x00", b"wOFF", b"PK\x03\x04", b"\x1f\x8b")


def binary(data: bytes) -> bool:
    """Whether ``data`` is a binary file (a font, an image), not a text TeX reads: it holds a
    NUL and begins as a binary file does, or its control bytes are more than one in a
    hundred. A stray NUL in a source (a paste from a PDF or a terminal) leaves it a source:
    TeX ignores a NUL (catcode 9) and reads the rest, so its comments are stripped and its
    text read by every check as any source's (hostile round 49b, K25: one NUL shipped the
    file with every comment, unread by ``--anonymous``)."""
    if b"\x00" not in data:
        return False
    sample = data[:1 << 20]  # (its first MiB)
    return data.startswith(_MAGIC) or len(_CONTROL.findall(sample)) > max(8, len(sample) // 100)
