"""What matplotlib raises while saving what a figure's code drew is the author's line, not an
internal error (figures.errors.drawing_error)."""

from __future__ import annotations

import pytest

from figures.errors import drawing_error, figure_line


def raised(exc: BaseException) -> BaseException:
    try:
        raise exc
    except BaseException as caught:  # noqa: BLE001 - with its traceback
        return caught


def test_mathtext_that_does_not_parse_at_save_is_the_authors_line():
    from matplotlib.mathtext import MathTextParser

    try:
        MathTextParser("agg").parse(r"$\frac{x$")
    except ValueError as exc:
        line = figure_line("fig5", exc)
    assert line.startswith("fig5: figures/plots/fig5.py: render: a text it draws is not valid "
                           "mathtext (")
    assert line.endswith("fix the string in the code (a literal dollar is \\$)")


@pytest.mark.parametrize(("exc", "message"), [
    (ValueError("Image size of 1138112x70000 pixels is too large. It must be less than 2^23 in "
                "each direction."),
     "fig5: figures/plots/fig5.py: render: Image size of 1138112x70000 pixels is too large."),
    (MemoryError("std::bad_alloc"), ("fig5: figures/plots/fig5.py: render: out of memory while "
     "saving it (std::bad_alloc): is the figure (figsize, in inches) or an output's dpi too "
     "large?")),
])
def test_an_image_too_large_to_make_says_why(exc, message):
    assert figure_line("fig5", raised(exc)).startswith(message)


def test_other_errors_of_ours_stay_internal():
    exc = raised(ValueError("something else"))
    assert drawing_error("fig5", exc) is exc
    assert figure_line("fig5", exc).startswith("internal error in fig5: ValueError")


def test_an_error_in_the_registrys_own_machinery_is_ours_not_the_authors(monkeypatch):
    """figures/registry.py is the author's file, but FigureSpec, which imports and runs a
    figure's code, is ours: an error raised there is an internal error."""
    from helpers import REPO

    from figures import author_code
    from figures.data import figdata
    from figures.registry import BY_NAME

    def broken(*_args):
        raise RuntimeError("boom")

    monkeypatch.setattr(author_code, "check_size", broken)
    spec = BY_NAME["fig1_audit_hero"]
    data = figdata.load(spec.figdata_path(REPO / "figdata"), spec.name)["data"]
    with pytest.raises(RuntimeError) as info:
        spec.render(data)
    assert figure_line(spec.name, info.value).startswith(
        "internal error in fig1_audit_hero: RuntimeError: boom")
