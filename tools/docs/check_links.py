"""Checks that the repository's documentation stands alone: every relative
link in a Markdown file (README.md, docs/, tools/, fuzz/, ...) names a file
or folder inside the repository, and no Markdown file names a path outside
it (`../shared/...`, absolute machine paths such as `/work/` or `/home/`).
Prints each fault as `FILE:LINE: what` and exits 1 if there is one.

    python3 -m tools.docs.check_links
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_DIRS = {".git", "target", "corpus", "artifacts", "node_modules", "__pycache__"}
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
OUTSIDE = re.compile(r"(\.\./shared|(?<![\w.])/(?:work|home|root|tmp/bash_jobs)/)")


def markdown_files():
    for top, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for f in files:
            if f.endswith(".md"):
                yield os.path.join(top, f)


def faults(path):
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, 1):
        if OUTSIDE.search(line):
            yield f"{rel}:{n}: names a path outside the repository: {line.strip()[:120]}"
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL or an anchor in the same file
            file_part = target.split("#", 1)[0]
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            if not resolved.startswith(ROOT + os.sep) and resolved != ROOT:
                yield f"{rel}:{n}: link leaves the repository: {target}"
            elif not os.path.exists(resolved):
                yield f"{rel}:{n}: link to a missing file: {target}"


def main():
    found = [f for p in sorted(markdown_files()) for f in faults(p)]
    for f in found:
        print(f)
    count = sum(1 for _ in markdown_files())
    print(f"check_links: {count} Markdown files, {len(found)} faults")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
