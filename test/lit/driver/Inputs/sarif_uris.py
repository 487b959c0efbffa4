"""Prints each distinct artifactLocation.uri of a SARIF log, the path it
decodes to (RFC 3986) and whether that file exists (relative URIs from the
directory given); asserts that the URI has only legal characters."""
import json
import os
import re
import sys
from urllib.parse import unquote, urlparse

log, base = json.load(open(sys.argv[1])), sys.argv[2]
uris = set()
for run in log["runs"]:
    for r in run["results"]:
        for loc in r["locations"] + r["relatedLocations"]:
            uris.add(loc["physicalLocation"]["artifactLocation"]["uri"])
for uri in sorted(uris):
    assert re.fullmatch(r"[A-Za-z0-9\-._~/:%]+", uri), "unencoded: " + uri
    parsed = urlparse(uri)
    assert not parsed.fragment and not parsed.query, uri
    if parsed.scheme:
        assert parsed.scheme == "file" and parsed.path.startswith("/"), uri
    path = unquote(parsed.path)
    full = path if os.path.isabs(path) else os.path.join(base, path)
    print(f"{uri} -> {path} ({'exists' if os.path.exists(full) else 'missing'})")
