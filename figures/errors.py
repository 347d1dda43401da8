"""The one error type a user sees: a file, a key, and what was expected, on one line; and
:func:`error_line`, which makes one line of anything else raised for a figure."""

from __future__ import annotations

import errno
import re
import sys
from pathlib import Path

#: Longest message shown on the one line (a huge user string must not flood the terminal).
MAX_LINE = 400


#: Unprintable text, defined once for every check and message: C0 and C1 controls, Unicode
#: line separators, bidirectional controls (they reorder what a terminal shows), the BOM
#: (matplotlib's PDF writer cannot draw it) and lone surrogates (no UTF-8 file holds them).
_CONTROLS = "\x00-\x09\x0b-\x1f\x7f-\x9f"
_FORMAT = "\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff"
_SURROGATES = "\ud800-\udfff"


def unprintable_class(*, newline: bool = False, surrogates: bool = True) -> str:
    """The unprintable characters as a regex class's body; ``newline`` lets a line break
    through, no ``surrogates`` for JSON Schema (whose regexes see UTF-16 units)."""
    return (_CONTROLS + ("" if newline else "\n") + _FORMAT
            + (_SURROGATES if surrogates else ""))


UNPRINTABLE = unprintable_class()
_UNPRINTABLE = re.compile(f"[{UNPRINTABLE}]")
_UNPRINTABLE_BUT_NEWLINE = re.compile(f"[{unprintable_class(newline=True)}]")


def first_unprintable(text: str, *, newline: bool = False) -> str | None:
    """The first unprintable character of ``text`` (a line break allowed with ``newline``)."""
    found = (_UNPRINTABLE_BUT_NEWLINE if newline else _UNPRINTABLE).search(text)
    return found.group() if found else None


def unprintable_name(char: str) -> str:
    """What an unprintable character is, in words, for the message that refuses it."""
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate ({char!r})"
    if code == 0xFEFF:
        return "a byte order mark ('\\ufeff'), which PDF output cannot draw"
    if code in (0x0A, 0x0D, 0x85, 0x2028, 0x2029):
        return f"a line break ({char!r})"
    if 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
        return f"a bidirectional control ('\\u{code:04x}'), which reorders what is shown"
    return f"a control character ({char!r})"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def display_path(path: object) -> str:
    """A path as every line shows it, unprintable characters escaped (``a\\x0ab.png``): it
    stays on its line and cannot drive the terminal (lone surrogates, from JSON "\\ud800",
    escaped too: a UTF-8 terminal cannot print them)."""
    shown = _UNPRINTABLE.sub(_escape, str(path))
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def shell_word(text: object) -> str:
    """``text`` as one word a shell reads back as ``text``, for a command a line suggests:
    quoted as :func:`shlex.quote` does, and, where it holds an unprintable character (a
    newline), in bash's ``$'...'`` with that character escaped (hostile round 38, M1: the
    line escapes it, and ``'new\x0apaper'`` pasted into a shell named no file)."""
    import shlex

    text = str(text)
    if not _UNPRINTABLE.search(text):
        return shlex.quote(text)
    inner = text.replace("\\", "\\\\").replace("'", "\\'")
    return "$'" + display_path(inner) + "'"


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """``text`` on one line: control characters escaped, whitespace runs folded, bounded:
    too long, cut at the last word that fits, never inside a word (hostile round 35, L1: "the
    pack stops (an archive printing fr…"). The end is cut, not the middle: a line's first
    clauses say what is wrong (the first of several problems, the file a link points at),
    which a cut in the middle lost for the clause that happened to come last."""
    flat = display_path(re.sub(r"\s*\n\s*", " ", str(text).strip()).replace("\t", " "))
    if len(flat) <= limit:
        return flat
    head = flat[:limit - 1]
    if flat[limit - 1] != " ":  # the cut falls inside a word: back to the word's start
        head = head.rpartition(" ")[0] or head
    return head.rstrip(" ;,:") + " …"


class FigureDataError(Exception):
    """Bad or missing input, reported as ``FILE: KEY: MESSAGE`` without a traceback."""

    def __init__(self, file: str, key: str | None, message: str) -> None:
        self.file, self.key, self.message = str(file), key, message
        #: Every ``(key, message)`` when one check found several (the schema's).
        self.problems: list[tuple[str, str]] = [(key or "", message)]
        super().__init__(str(self))

    def __str__(self) -> str:
        file = elide(display_path(self.file))
        where = f"{file}: {elide(self.key)}" if self.key else file
        return one_line(f"{where}: {self.message}")


# The catalogue (showyourwork's way): a caller can catch one kind; each prints the same line.
class DataError(FigureDataError):
    """Bad or missing input: figdata, a results tree, a venue file, a built file."""


class AuthorCodeError(FigureDataError):
    """A figure module or the registry that does not keep the figure's contract."""


class ToolMissing(FigureDataError):
    """A program a command runs is not installed (pdftoppm, latexmk)."""


class LatexError(FigureDataError):
    """The paper's LaTeX: it does not compile, or cannot be read to compile."""


class UsageError(FigureDataError):
    """A command line that asks what cannot be done: exit status 2, as argparse's."""

    def __init__(self, message: str, option: str | None = None, key: str | None = None) -> None:
        super().__init__(option or "", key, message)

    def __str__(self) -> str:
        return super().__str__() if self.file else self.message


class UnknownName(UsageError):
    """A command-line value that names nothing known (a venue, a figure)."""


class ProblemsOfAFile(DataError):
    """Several problems of one file, each on a line of its own (:meth:`lines`)."""

    def __init__(self, file: str, problems: list[tuple[str, str]]) -> None:
        super().__init__(file, None, f"{len(problems)} problems")
        self.problems = list(problems)

    def lines(self) -> list[str]:
        """``FILE: KEY: MESSAGE``, one per problem."""
        return [str(FigureDataError(self.file, key or None, message))
                for key, message in self.problems]


#: Longest file name or key shown whole: a longer one loses its middle (the line still ends
#: with what went wrong).
MAX_WHERE = 160


def elide(text: str, limit: int = MAX_WHERE) -> str:
    """``text`` with its middle replaced by ``…`` when longer than ``limit``."""
    if len(text) <= limit:
        return text
    tail = limit // 3
    return f"{text[:limit - tail - 1]}…{text[-tail:]}"


class FigureDataWarning(UserWarning):
    """Data that draws, but not as its author likely meant: ``KEY: MESSAGE``."""

    def __init__(self, key: str, message: str) -> None:
        self.key, self.message = key, message
        super().__init__(f"{key}: {message}")


_REASONS = {
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOTDIR: "a part of this path is a file, not a folder",
    errno.EISDIR: "is a folder, expected a file",
    errno.EEXIST: "already exists and is not a folder",
    errno.ENOENT: "file not found",
    errno.EDQUOT: "disk quota exceeded",
    errno.ENAMETOOLONG: "file name too long",
}


def os_reason(exc: OSError) -> str:
    """A short reason for an OS error, the same words whatever the platform's message."""
    return _REASONS.get(exc.errno, exc.strerror or type(exc).__name__)


def os_error(exc: OSError, path: object = None) -> FigureDataError:
    """An OS error as a user error naming the path (``path`` if the error names none)."""
    return DataError(str(exc.filename or path or "?"), None, os_reason(exc))


def os_error_behind(exc: BaseException) -> OSError | None:
    """The OS refusal (an OSError with an errno) that ``exc`` was raised while handling."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, OSError) and cause.errno is not None:
            return cause
        cause = cause.__cause__ or cause.__context__
    return None


#: The author's own code (figures/plots/, the registry): its errors are shown at its line.
_PACKAGE = Path(__file__).resolve().parent
AUTHOR_CODE = (_PACKAGE / "plots", _PACKAGE / "registry.py")


#: Classes of ``figures/registry.py`` that are ours (an error raised there is not the author's).
_MACHINERY = ("FigureSpec.", "Output.")


def _shown(path: Path) -> str:
    return f"{_PACKAGE.name}/{path.relative_to(_PACKAGE).as_posix()}" \
        if path.is_relative_to(_PACKAGE) else str(path)


def author_frame(exc: BaseException) -> tuple[str, int] | None:
    """The file and line of the author's code where ``exc`` was raised, None if not there."""
    import traceback

    found = None
    for frame, line in traceback.walk_tb(exc.__traceback__):
        code = frame.f_code
        if code.co_qualname.startswith(_MACHINERY):
            continue  # the registry's own code (FigureSpec running a module), not the author's
        path = Path(code.co_filename).resolve()
        if any(path == author or path.is_relative_to(author) for author in AUTHOR_CODE):
            found = (_shown(path), line or 0)
    return found


def registry_gone(exc: BaseException) -> str | None:
    """The one line for ``figures/registry.py`` missing or unreadable; None otherwise."""
    registry = _PACKAGE / "registry.py"
    shown = display_path(_shown(registry))
    # `import figures.registry`, or `from figures import registry` once figures is imported
    missing = ((isinstance(exc, ModuleNotFoundError) and exc.name == f"{_PACKAGE.name}.registry")
               or (type(exc) is ImportError and exc.name == _PACKAGE.name
                   and text_of(exc).startswith("cannot import name 'registry' ")))
    if missing:
        return (f"{shown}: not found; it lists every figure: restore it "
                "(`git checkout -- figures/registry.py`, or rename it back)")
    if (isinstance(exc, OSError) and exc.errno is not None and exc.filename is not None
            and Path(exc.filename).resolve() == registry.resolve()):
        return (f"{shown}: {os_reason(exc)}; it lists every figure: make it readable "
                "(`chmod u+r figures/registry.py`)")
    return None


def is_internal(exc: BaseException) -> bool:
    """Is ``exc`` a bug of ours rather than bad input, the OS's refusal or the author's error?"""
    return not (isinstance(exc, (FigureDataError, SyntaxError))
                or (isinstance(exc, OSError) and exc.errno is not None)
                or locale_line(exc) is not None
                or author_frame(exc) is not None)


class OsExit(SystemExit):
    """``os._exit(status)`` called by the author's code, raised in its place."""


def text_of(exc: BaseException) -> str:
    """``str(exc)``, or what can be said of it when its ``__str__`` itself raises."""
    try:
        return str(exc)
    except BaseException:  # noqa: BLE001 - the author's __str__: anything at all
        return f"<a {type(exc).__name__} whose message cannot be shown>"


def author_line(exc: BaseException, debug: str = "--debug") -> str:
    """``figures/plots/fig5.py, line 12: ZeroDivisionError: ... (an error in the author's code)``;
    ``debug``: what shows its traceback where the line is read (pytest's is ``--tb=long``)."""
    shown, line = author_frame(exc) or ("?", 0)
    if isinstance(exc, OsExit):  # os._exit() in the author's code
        what = (f"os._exit({exc.code!r}): the figure's code called os._exit(), which would end "
                "the whole command; a figure module returns a Figure or raises")
    elif isinstance(exc, SystemExit):
        what = (f"SystemExit({exc.code!r}): the figure's code called sys.exit(); a figure "
                "module returns a Figure or raises")
    elif isinstance(exc, KeyboardInterrupt):
        what = "KeyboardInterrupt raised by the figure's code (not Ctrl-C)"
    elif isinstance(exc, MemoryError):
        what = (f"MemoryError: out of memory ({exc}): is the figure too large? figsize is in "
                "inches, e.g. figsize=(10, 6), not pixels")
    else:  # GeneratorExit, a bare `raise ValueError`: no message, no colon
        what = type(exc).__name__ + (f": {text}" if (text := text_of(exc)) else "")
    return one_line(f"{shown}, line {line}: {what}", MAX_LINE - 60) + \
        f" (an error in the author's code; {debug} shows the traceback)"


def locale_line(exc: BaseException) -> str | None:
    """The line for a name this locale cannot hand to the OS (``LC_ALL=C PYTHONUTF8=0``: names
    are encoded as ASCII, so a non-ASCII file name cannot be opened or passed to a command)."""
    encoding = sys.getfilesystemencoding()
    if not isinstance(exc, UnicodeEncodeError) or encoding.lower().replace("-", "") == "utf8":
        return None
    name = exc.object if isinstance(exc.object, str) else repr(exc.object)
    return one_line(f"{name}: a name this locale's encoding ({encoding}) cannot hold: file names "
                    "need a UTF-8 locale: set LC_ALL=C.UTF-8 (or unset PYTHONUTF8) and run "
                    "the command again", MAX_LINE)


def error_line(exc: BaseException, figure: str | None = None, debug: str = "--debug") -> str:
    """The one line (without ``error:``) for ``exc`` raised while handling ``figure``;
    ``debug``: what shows the traceback where the line is read."""
    if isinstance(exc, FigureDataError):
        return str(exc)
    if (line := locale_line(exc)) is not None:
        return line
    if isinstance(exc, SyntaxError):  # where the author's edit broke
        where = (f"{_shown(Path(exc.filename).resolve())}, line {exc.lineno}: "
                 if exc.filename else "")
        return f"{where}{type(exc).__name__}: {exc.msg}"
    if isinstance(exc, OSError) and exc.errno is not None:
        return str(os_error(exc))
    if author_frame(exc) is not None:
        return author_line(exc, debug)
    where = f" in {figure}" if figure else ""
    return one_line(f"internal error{where}: {type(exc).__name__}: {text_of(exc)}",
                    MAX_LINE - 30) + f" ({debug} shows the traceback)"


def drawing_error(figure: str, exc: BaseException) -> BaseException:
    """``exc``, or the author's error it is when matplotlib raised it while saving what the
    figure's code drew: bad mathtext in the code, an image too large, memory running out."""
    if not is_internal(exc):
        return exc
    import traceback

    shown = f"figures/plots/{figure}.py"
    files = [frame.filename for frame in traceback.extract_tb(exc.__traceback__)]
    if isinstance(exc, ValueError) and any("mathtext" in Path(f).name for f in files):
        return AuthorCodeError(shown, "render", f"a text it draws is not valid mathtext "
                               f"({one_line(text_of(exc), 200)}): fix the string in the code (a literal "
                               "dollar is \\$)")
    if isinstance(exc, ValueError) and re.match(r"Image size of \d+x\d+ pixels is too large",
                                                text_of(exc)):
        return AuthorCodeError(shown, "render", f"{one_line(text_of(exc), 200)} (an artist far outside "
                               "the axes stretches bbox_inches='tight'; or figsize is in pixels, "
                               "not inches)")
    if isinstance(exc, MemoryError):
        return AuthorCodeError(shown, "render", f"out of memory while saving it ({exc}): is the "
                               "figure (figsize, in inches) or an output's dpi too large?")
    return exc


def figure_line(figure: str, exc: BaseException) -> str:
    """``FIGURE: FILE: KEY: MESSAGE`` for bad input, ``internal error in FIGURE: ...`` for a bug."""
    exc = drawing_error(figure, exc)
    return error_line(exc, figure) if is_internal(exc) else f"{figure}: {error_line(exc)}"
