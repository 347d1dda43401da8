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
#: An optional-content group (its ``/Name``, a viewer's layer label, given its resource
#: name: ``MC0``) or membership dictionary; any other property list keeps its ``/Type``.
OCG_KEPT = frozenset({"/Type", "/Name", "/Intent"})
OCMD_KEPT = frozenset({"/Type", "/OCGs", "/P", "/VE"})


def _resolved(value: object) -> Any:
    return value.get_object() if value is not None else None


def _kept(obj: object, kept: frozenset[str]) -> Any:
    """``obj`` (a PDF dictionary, or not one: left) without the keys ``kept`` does not name."""
    from pypdf.generic import DictionaryObject

    if isinstance(obj, DictionaryObject):
        for key in [key for key in obj if key not in kept]:
            del obj[key]
    return obj


def resources_kept(resources: Any, reader: Any) -> list[Any]:
    """A page's or form's ``resources`` (pypdf's, resolved): each font, graphics state and
    property list kept to its keys (a Type 3 font's glyphs without comments); the soft masks'
    forms, for the caller to keep as it keeps a drawn form."""
    from pypdf.generic import ArrayObject, NameObject, TextStringObject

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
    forms = []
    for state in map(_resolved, (_resolved(resources.get("/ExtGState")) or {}).values()):
        mask = _kept(_resolved(_kept(state, EXTGSTATE_KEPT).get("/SMask")), SMASK_KEPT)
        if hasattr(mask, "get") and (form := _resolved(mask.get("/G"))) is not None:
            forms.append(form)
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


def uncommented(stream: Any, reader: Any) -> None:
    """A page's, form's or glyph's content ``stream`` without its ``%`` comments (free text,
    never drawn): read into pypdf's ``ContentStream`` (which passes comments by) and written
    back from its operations, unfiltered; as it is when it holds no ``%``, or pypdf cannot
    read it (the drawing untouched)."""
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
    except Exception:  # noqa: BLE001 - unreadable: as it is
        return
    if page:
        stream.replace_contents(content)
        return
    for key in ("/Filter", "/DecodeParms"):
        stream.pop(key, None)
    StreamObject.set_data(stream, data)
    if getattr(stream, "decoded_self", None) is not None:  # pypdf's decoded copy of before
        stream.decoded_self = None
