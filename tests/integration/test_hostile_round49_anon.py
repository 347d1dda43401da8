"""Round 49 (from round 49b K24): an author's name in the archive's own name, under
``--anonymous``."""

from __future__ import annotations

import pytest
from helpers import anonymous_paper, figures_as_a_user

pytestmark = pytest.mark.slow  # packs: the archive compiled


def test_an_authors_name_in_the_archives_own_name_is_told(tmp_path):
    """Round 49b (K24): ``--out Smithson_review.zip`` (or the default, named after a folder
    ``smithson-neurips26``) shipped unsaid under ``--anonymous``, where the same name in a
    packed file's name is told: the submission system keeps the archive's name."""
    anonymous_paper(tmp_path, "\\newif\\ifanon\\anontrue\n\\ifanon\\author{Anonymous}"
                    "\\else\\author{Janet Smithson}\\fi", "Text.", author=False)
    said = {}
    for out in ("Smithson_review.zip", "review.zip"):
        ran = figures_as_a_user(tmp_path, "pack", "p", "--anonymous", "--out", out, timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        said[out] = ran.stderr
    assert ("warning: Smithson_review.zip: an author's name (Smithson) in the archive's own "
            "name, which the submission keeps: name it otherwise for review (--out "
            "review.tar.gz)") in said["Smithson_review.zip"].splitlines(), said
    assert "archive's own name" not in said["review.zip"], said["review.zip"]
