"""What an anonymous pack's PDF figure keeps of its fonts, graphics states and marked-content
properties, and its content streams without their comments (hostile round 47b, K17: a
font descriptor's private ``/FDNote``, an optional-content group named after its author and
a ``% Karl Weberling`` line at the top of the page's content went into the archive and, as
pdfTeX copies them, into the reviewer's PDF). Keep-lists, not drop-lists: PDF 32000's keys
for what draws (9.6-9.8 fonts, 8.4.5 graphics states, 8.11 optional content); the rest,
free to any program, goes. Called by :func:`figures.pack.scrub._drawing_only`.
"""

from __future__ import annotations

from typing import Any

_STREAM = ("/Type", "/Subtype", "/Length", "/Filter", "/DecodeParms")
#: A font (simple, Type 3, Type 0 and its CIDFont), its descriptor, encoding, program.
FONT_KEPT = frozenset({
    "/Type", "/Subtype", "/Name", "/BaseFont", "/FirstChar", "/LastChar", "/Widths",
    "/FontDescriptor", "/Encoding", "/ToUnicode", "/FontBBox", "/FontMatrix", "/CharProcs",
    "/Resources", "/DescendantFonts", "/CIDSystemInfo", "/DW", "/W", "/DW2", "/W2",
    "/CIDToGIDMap"})
DESCRIPTOR_KEPT = frozenset({
    "/Type", "/FontName", "/FontFamily", "/FontStretch", "/FontWeight", "/Flags", "/FontBBox",
    "/ItalicAngle", "/Ascent", "/Descent", "/Leading", "/CapHeight", "/XHeight", "/StemV",
    "/StemH", "/AvgWidth", "/MaxWidth", "/MissingWidth", "/FontFile", "/FontFile2",
    "/FontFile3", "/CharSet", "/Style", "/Lang", "/FD", "/CIDSet"})
ENCODING_KEPT = frozenset({"/Type", "/BaseEncoding", "/Differences"})
FONT_FILE_KEPT = frozenset({*_STREAM, "/Length1", "/Length2", "/Length3"})
SYSTEM_INFO_KEPT = frozenset({"/Registry", "/Ordering", "/Supplement"})
#: A graphics state (``gs``) and its soft mask.
EXTGSTATE_KEPT = frozenset({
    "/Type", "/LW", "/LC", "/LJ", "/ML", "/D", "/RI", "/OP", "/op", "/OPM", "/Font", "/BG",
    "/BG2", "/UCR", "/UCR2", "/TR", "/TR2", "/HT", "/FL", "/SM", "/SA", "/BM", "/SMask", "/CA",
    "/ca", "/AIS", "/TK", "/UseBlackPtComp", "/HTO"})
SMASK_KEPT = frozenset({"/Type", "/S", "/G", "/BC", "/TR"})
#: A form (a soft mask's group): what draws it (PDF 32000, 8.10.2).
FORM_KEPT = frozenset({*_STREAM, "/FormType", "/BBox", "/Matrix", "/Resources", "/Group"})
#: An optional-content group (its ``/Name``, a viewer's layer label, given its resource
#: name: ``MC0``) or membership dictionary; any other property list keeps its ``/Type``.
OCG_KEPT = frozenset({"/Type", "/Name", "/Intent"})
OCMD_KEPT = frozenset({"/Type", "/OCGs", "/P", "/VE"})
#: A tiling pattern (a stream its cell's content draws, kept and visited as a form is), a
#: shading pattern, a shading (``sh``'s or a pattern's) and its functions (PDF 32000, 8.7.3,
#: 8.7.4.5, 7.10; hostile round 48b, K24: a pattern's ``/PatNote`` and ``% Karl Weberling``).
TILING_KEPT = frozenset({*_STREAM, "/PatternType", "/PaintType", "/TilingType", "/BBox",
                         "/XStep", "/YStep", "/Resources", "/Matrix"})
SHADING_PATTERN_KEPT = frozenset({"/Type", "/PatternType", "/Shading", "/Matrix", "/ExtGState"})
SHADING_KEPT = frozenset({
    *_STREAM, "/ShadingType", "/ColorSpace", "/Background", "/BBox", "/AntiAlias", "/Domain",
    "/Matrix", "/Function", "/Coords", "/Extend", "/BitsPerCoordinate", "/BitsPerComponent",
    "/BitsPerFlag", "/Decode", "/VerticesPerRow"})
FUNCTION_KEPT = frozenset({*_STREAM, "/FunctionType", "/Domain", "/Range", "/Size",
                           "/BitsPerSample", "/Order", "/Encode", "/Decode", "/C0", "/C1",
                           "/N", "/Functions", "/Bounds"})


def _resolved(value: object) -> Any:
    return value.get_object() if value is not None else None


def _kept(obj: object, kept: frozenset[str]) -> Any:
    """``obj`` (a PDF dictionary, or not one: left) without the keys ``kept`` does not name."""
    from pypdf.generic import DictionaryObject

    if isinstance(obj, DictionaryObject):
        for key in [key for key in obj if key not in kept]:
            del obj[key]
    return obj


def _function_kept(function: object, depth: int = 0) -> None:
    """A shading's ``function`` (or array of them) kept to :data:`FUNCTION_KEPT`, a stitching
    function's own (``/Functions``) so too, to a depth (a hostile file nests thousands)."""
    from pypdf.generic import ArrayObject

    function = _resolved(function)
    for each in function if isinstance(function, ArrayObject) else [function]:
        if (each := _kept(_resolved(each), FUNCTION_KEPT)) is not None and depth < 32 \
                and hasattr(each, "get"):
            _function_kept(each.get("/Functions"), depth + 1)


def _shading_kept(shading: object) -> None:
    if hasattr(shading := _kept(_resolved(shading), SHADING_KEPT), "get"):
        _function_kept(shading.get("/Function"))


def _state_kept(state: object) -> Any:
    """A graphics ``state`` kept to :data:`EXTGSTATE_KEPT`, its soft mask so too; the mask's
    form, or None."""
    mask = _kept(_resolved(_kept(_resolved(state), EXTGSTATE_KEPT).get("/SMask")), SMASK_KEPT)
    return _resolved(mask.get("/G")) if hasattr(mask, "get") else None


def resources_kept(resources: Any, reader: Any) -> list[tuple[Any, frozenset[str]]]:
    """A page's or form's ``resources`` (pypdf's, resolved): each font, graphics state,
    property list, pattern and shading kept to its keys (a Type 3 font's glyphs without
    comments); the soft masks' forms and the tiling patterns, each with the keys it keeps,
    for the caller to keep and visit as it does a drawn form (a tiling pattern's cell is a
    form's content with a pattern's keys, PDF 32000 8.7.3.3, so its comments go too)."""
    from pypdf.generic import ArrayObject, NameObject, StreamObject, TextStringObject

    for font in map(_resolved, (_resolved(resources.get("/Font")) or {}).values()):
        for each in (font, *map(_resolved, _resolved(_kept(font, FONT_KEPT).get(
                "/DescendantFonts")) or ())):
            _kept(each, FONT_KEPT)
            _kept(_resolved(each.get("/Encoding")), ENCODING_KEPT)
            _kept(_resolved(each.get("/CIDSystemInfo")), SYSTEM_INFO_KEPT)
            descriptor = _kept(_resolved(each.get("/FontDescriptor")), DESCRIPTOR_KEPT)
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                _kept(_resolved((descriptor or {}).get(key)), FONT_FILE_KEPT)
        for glyph in (_resolved(font.get("/CharProcs")) or {}).values():
            uncommented(_resolved(glyph), reader)
    forms = [(form, FORM_KEPT) for form in map(_state_kept, (_resolved(resources.get(
        "/ExtGState")) or {}).values()) if form is not None]
    for pattern in map(_resolved, (_resolved(resources.get("/Pattern")) or {}).values()):
        if isinstance(pattern, StreamObject):  # tiling: the caller keeps it (its resources)
            forms.append((pattern, TILING_KEPT))
        elif hasattr(_kept(pattern, SHADING_PATTERN_KEPT), "get"):
            _shading_kept(pattern.get("/Shading"))
            if (form := _state_kept(pattern["/ExtGState"]) if "/ExtGState" in pattern
                    else None) is not None:
                forms.append((form, FORM_KEPT))
    for shading in (_resolved(resources.get("/Shading")) or {}).values():
        _shading_kept(shading)
    named: set[int] = set()  # a group drawn by its own name first, then through an OCMD
    for name, properties in sorted(((name, _resolved(value)) for name, value in (_resolved(
            resources.get("/Properties")) or {}).items()), key=lambda each: each[1].get(
            "/Type") != "/OCG"):
        kind = properties.get("/Type")
        _kept(properties, OCG_KEPT if kind == "/OCG" else OCMD_KEPT if kind == "/OCMD"
              else frozenset({"/Type"}))
        groups = _resolved(properties.get("/OCGs")) if kind == "/OCMD" else None
        for group in [properties] if kind == "/OCG" else groups if isinstance(
                groups, ArrayObject) else [groups]:
            if (group := _kept(_resolved(group), OCG_KEPT)) is not None and "/Name" in group \
                    and id(group) not in named:
                named.add(id(group))
                group[NameObject("/Name")] = TextStringObject(name.lstrip("/"))
    return forms


class Unread(Exception):
    """A content stream that may hold ``%`` comments and that pypdf cannot read."""


def uncommented(stream: Any, reader: Any) -> None:
    """A page's, form's or glyph's content ``stream`` without its ``%`` comments (free text,
    never drawn): read into pypdf's ``ContentStream`` (which passes comments by) and written
    back from its operations, unfiltered; as it is when it holds no ``%``, or pypdf cannot
    read it (the drawing untouched). :class:`Unread` when it is only too large for pypdf: its
    comments would ship unread (hostile round 51b-2, B6: a content over pypdf's 75 MB
    decompression limit kept its ``% note`` with no word)."""
    from pypdf import PageObject
    from pypdf.generic import ContentStream, StreamObject

    page = isinstance(stream, PageObject)
    try:
        content = stream.get_contents() if page else stream
        if not isinstance(content, StreamObject) or b"%" not in (data := content.get_data()):
            return
        content = ContentStream(None, reader)
        content.set_data(data)
        content.operations = list(content.operations)  # read, then written anew
        data = content.get_data()
    except Exception as exc:  # noqa: BLE001 - unreadable: as it is (a filter pypdf cannot
        # decode: no viewer can either), but for one only too large for pypdf, which every
        # viewer draws
        if type(exc).__name__ == "LimitReachedError":
            raise Unread(f"{type(exc).__name__}: {exc}".rstrip(": .")) from None
        return
    if page:
        stream.replace_contents(content)
        return
    for key in ("/Filter", "/DecodeParms"):
        stream.pop(key, None)
    StreamObject.set_data(stream, data)
    if getattr(stream, "decoded_self", None) is not None:  # pypdf's decoded copy of before
        stream.decoded_self = None
