"""Hostile round 42a, ``figures pack --anonymous``'s readings: a colour profile's texts read
decoded (A19), the e-mail spellings authors write (A59)."""

from __future__ import annotations

import functools
import io

from PIL import Image, ImageCms

from figures.pack.anonymity import in_sources
from figures.pack.scrub import without_metadata

_KEPT = (" (the pack keeps a colour profile as it is, so the colours stay exact: embed another, "
         "such as sRGB, or rename it in a colour tool)")


@functools.cache  # littleCMS stamps the second it made the profile in its header
def _profile(description: str, copyright: str) -> bytes:
    """littleCMS's sRGB profile, its description and copyright (UTF-16 in ICC v4 ``mluc``)
    replaced by texts of the same lengths (13 and 24 characters)."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    for old, new in (("sRGB built-in", description), ("No copyright, use freely", copyright)):
        assert len(old) == len(new)
        profile = profile.replace(old.encode("utf-16-be"), new.encode("utf-16-be"))
    return profile


def _images(profile: bytes) -> dict[str, bytes]:
    """A PNG and a JPEG embedding ``profile``, scrubbed as the pack scrubs them."""
    found = {}
    for name, form in (("figs/screen.png", "PNG"), ("figs/photo.jpg", "JPEG")):
        out = io.BytesIO()
        Image.new("RGB", (40, 30), (30, 120, 200)).save(out, form, icc_profile=profile)
        found[name] = without_metadata(out.getvalue(), name)
    return found


def test_an_email_in_a_colour_profiles_copyright_is_told(tmp_path):
    """Round 42 (A19): a PNG's and a JPEG's colour profile whose copyright (ICC ``cprt``,
    UTF-16 ``mluc``) reads ``(c) jsmith@mit.edu 2024``: the author's name in its description
    was told, the e-mail address shipped with no word (the byte patterns ran over the raw
    profile, its texts UTF-16). Every check runs over the profile's decoded texts: the
    address is told, naming the copyright; a home folder's path too."""
    said = in_sources(_images(_profile("Janet's iMac ", "(c) jsmith@mit.edu 2024 ")),
                      ["Janet", "Smithson"], tmp_path / "paper")
    for name in ("photo.jpg", "screen.png"):
        assert (f"figs/{name} (its colour profile's copyright, ICC cprt): an e-mail address "
                "(jsmith@mit.edu) in the packed source: the archive discloses it; remove it "
                f"for review{_KEPT}") in said, said
        assert (f"figs/{name} (its colour profile's description, ICC desc): an author's name "
                "(Janet) in the packed source: the archive discloses it; remove it for "
                f"review{_KEPT}") in said, said
    assert len(said) == 4, said
    homes = in_sources(_images(_profile("sRGB built-in", "/home/kweber/icc/x.icc a")),
                       [], tmp_path / "paper")
    assert ("figs/photo.jpg (its colour profile's copyright, ICC cprt): a home folder's path "
            f"(/home/kweber) in the packed source: the archive discloses it; remove it for "
            f"review{_KEPT}") in homes, homes
