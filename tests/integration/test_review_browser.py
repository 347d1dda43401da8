"""``figures review`` in a real browser: Playwright drives the system's Chromium (no browser
download) through the review of two changed figures in a copy of the project, accepts the
first and rejects the second; exactly one golden is written, and the suite then fails on the
second only."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import OFF_REFERENCE
from helpers import REPO, reaped

#: End-to-end: the golden tests three times and the review in a copy of the project.
pytestmark = pytest.mark.slow

CHROMIUM = os.environ.get("FIGURES_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
#: (figure, its module's text, the edited text): a colour one step off, a thicker line.
EDITS = (("fig1_audit_hero", 'color="#c8e6c9"', 'color="#c8e6ca"'),
         ("fig4_penalty_rescue", 'ax.axhline(0, color="black", lw=0.5)',
          'ax.axhline(0, color="black", lw=0.9)'))
SELECT = ["tests/golden/test_images.py", "-k", " or ".join(f for f, _, _ in EDITS)]


def _project(root: Path) -> Path:
    skip = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
    for folder in ("figures", "tests", "baseline", "figdata", "tools"):
        shutil.copytree(REPO / folder, root / folder, ignore=skip)
    shutil.copy(REPO / "pyproject.toml", root)
    return root


def _env(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k != "CI" and not k.startswith(("PYTEST_", "COV_"))}
    return {**env, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}


def _goldens(root: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "--mpl", "-p", "no:xdist", "-p",
                           "no:randomly", "-q", *SELECT, *extra], cwd=root, env=_env(root),
                          capture_output=True, text=True, check=False, timeout=600)


def _changed(root: Path) -> set[str]:
    return {p.relative_to(root / "baseline").as_posix() for p in (root / "baseline").rglob("*")
            if p.is_file() and p.read_bytes() != (REPO / p.relative_to(root)).read_bytes()}


def test_a_review_accepts_one_change_and_rejects_the_other_in_a_browser(request, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    if request.config.stash[OFF_REFERENCE] is not None:
        pytest.fail("off the reference environment: this test accepts a golden image")
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM}: no Chromium: install it (apt-get install chromium) or set "
                    "FIGURES_CHROMIUM to a Chromium or Chrome executable")
    root = _project(tmp_path / "project")
    first = _goldens(root)  # green: each comparison's inputs recorded at its pass
    assert first.returncode == 0, first.stdout[-3000:]
    for figure, text, edited in EDITS:
        module = root / "figures" / "plots" / f"{figure}.py"
        assert module.read_text().count(text) == 1, (figure, text)
        module.write_text(module.read_text().replace(text, edited))
    red = _goldens(root)
    assert red.returncode == 1, red.stdout[-3000:]
    assert "2 failed" in red.stdout

    review = subprocess.Popen([sys.executable, "tools/review.py", "--no-browser"], cwd=root,
                              env=_env(root), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    with reaped(review):
        printed = ""
        for line in review.stdout:
            printed += line
            if found := re.search(r"http://127\.0\.0\.1:\d+/\?token=\S+", line):
                url = found.group()
                break
        else:
            pytest.fail(f"the review printed no address:\n{printed}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url)
            expect(page.locator("nav a")).to_have_count(2)
            first_golden, second_golden = page.locator("#g0"), page.locator("#g1")
            expect(first_golden.locator("h2")).to_contain_text("fig1_audit_hero")
            expect(first_golden).to_contain_text("figures/plots/fig1_audit_hero.py")
            # baseline and new both in the window, each drawn at least 700 px wide (the
            # 100 dpi golden is 1031 px: 3/4 of it, one above the other; 1:1 in the overlay)
            for image in first_golden.locator(".pics img").all():
                drawn = image.evaluate("i => Math.min(i.clientWidth / i.naturalWidth, "
                                       "i.clientHeight / i.naturalHeight) * i.naturalWidth")
                assert drawn >= 700, drawn
                assert image.bounding_box()["y"] + image.bounding_box()["height"] <= 800
            # to look at: FIGURES_REVIEW_SCREENSHOT=where.png keeps it
            page.screenshot(path=os.environ.get("FIGURES_REVIEW_SCREENSHOT",
                                                tmp_path / "review.png"))

            page.keyboard.press("a")
            expect(first_golden.locator(".msg.accepted")).to_contain_text(
                "compared again: passes", timeout=300_000)
            page.keyboard.press("j")
            expect(second_golden).to_be_visible()
            expect(second_golden).to_contain_text("figures/plots/fig4_penalty_rescue.py")
            page.keyboard.press("r")
            expect(second_golden.locator(".msg.rejected")).to_have_text(
                "nothing written; look at figures/plots/fig4_penalty_rescue.py")
            page.locator("#done").click()
            expect(page.locator("main")).to_contain_text("Review finished")
            browser.close()
        printed += review.communicate(timeout=60)[0]
    assert review.returncode == 0, printed
    assert "review: 1 accepted, 1 rejected, 0 not decided" in printed

    assert _changed(root) == {"fig1_audit_hero.png", "fig1_audit_hero.vector.txt.gz"}
    after = _goldens(root, "--all")
    assert after.returncode == 1, after.stdout[-3000:]
    assert re.findall(r"FAILED (\S+)", after.stdout) == [
        "tests/golden/test_images.py::test_figure_matches_baseline[fig4_penalty_rescue]"]
    assert "1 failed, 1 passed" in after.stdout

    # without a server (CI): a static page, its pictures in files beside it, opened offline
    static = subprocess.run([sys.executable, "tools/review.py", "--no-open"], cwd=root,
                            env=_env(root), capture_output=True, text=True, check=False)
    assert static.returncode == 0, static.stdout + static.stderr
    index = root / "build" / "review" / "index.html"
    assert index.stat().st_size < 50_000
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(index.as_uri())
        expect(page.locator("#g0")).to_contain_text("nox -s baselines -- fig4_penalty_rescue")
        for image in page.locator("#g0 .pics img").all():
            expect(image).to_have_js_property("complete", True)
            assert image.evaluate("i => i.naturalWidth") > 500
        browser.close()


def _ink_ends(gray) -> list[int]:
    """Per line of text (a run of rows with ink), the x of its last inked column."""
    import numpy as np

    rows = np.flatnonzero((gray < 128).any(axis=1))
    runs = np.split(rows, np.flatnonzero(np.diff(rows) > 3) + 1)
    return [int(np.flatnonzero((gray[run] < 128).any(axis=0)).max()) for run in runs]


def test_the_vector_view_draws_its_texts_in_their_own_fonts_in_a_browser():
    """Issue 47: off the reference, the drawings are SVG with text as text; Chromium had no
    STIX (matplotlib's own font, rarely installed) and drew another font, wider, its glyphs
    of the log axis's powers and norms missing or misplaced. The drawing embeds its faces."""
    import importlib.util
    import io

    import matplotlib
    import numpy as np
    from matplotlib.figure import Figure
    from PIL import Image
    from playwright.sync_api import sync_playwright

    loader = importlib.util.spec_from_file_location("review_tool", REPO / "tools" / "review.py")
    review = sys.modules.setdefault("review_tool", importlib.util.module_from_spec(loader))
    loader.loader.exec_module(review)  # puts tests/golden on the path
    import vector

    texts = [("epoch 0.25", {}), (r"$\|h_L\|_2$ and $10^{-2}$", {}),
             ("ViT-Mini", {"fontweight": "bold"}), ("italic words", {"style": "italic"})]
    with matplotlib.rc_context({"font.family": "STIXGeneral", "mathtext.fontset": "stix",
                                "font.size": 9}):
        fig = Figure(figsize=(2, 1.2))
        for row, (text, style) in enumerate(texts):
            fig.text(0.05, 0.1 + 0.22 * row, text, **style)
        svg, png = io.BytesIO(), io.BytesIO()
        with matplotlib.rc_context(vector.SVG_RC):
            fig.savefig(svg, format="svg", metadata={"Date": None})
        fig.savefig(png, format="png", dpi=192)  # 2 px per CSS px of the SVG's 192 x 115
    drawn = np.asarray(Image.open(png).convert("L"))
    old, _ = review.drawings(svg.getvalue(), vector.canonical(svg.getvalue()))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 192, "height": 115}, device_scale_factor=2)
        page.set_content(f"<body style='margin:0'>{old.decode()}</body>")
        page.evaluate("document.fonts.ready")
        shot = page.screenshot(clip={"x": 0, "y": 0, "width": 192, "height": 115.2})
        browser.close()
    seen = np.asarray(Image.open(io.BytesIO(shot)).convert("L"))
    ends, expected = _ink_ends(seen), _ink_ends(drawn)
    assert len(ends) == len(expected) == len(texts), (ends, expected)
    assert max(abs(a - b) for a, b in zip(ends, expected, strict=True)) <= 3, (ends, expected)
