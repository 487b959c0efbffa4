"""Checks warpcheck's HTML report against its JSON report of the same files
(issue 29): every access with a bank conflict or an unknown count in the
JSON has its section in the HTML (by id, the counts equal), each
conflicted access whose worst request is known has its bank map with the
JSON's wavefronts, and after the fix the fix's; the page is self-contained
(no script, no request to a network)."""
import html
import html.parser
import json
import sys

doc = json.load(open(sys.argv[1]))
page = open(sys.argv[2], encoding="utf-8").read()


class Sections(html.parser.HTMLParser):
    """Per section id: the data-wavefronts of its maps, in order."""

    def __init__(self):
        super().__init__()
        self.maps, self.current, self.forbidden = {}, None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            self.forbidden.append(tag)
        if any(k in ("src", "href") and v and not v.startswith("#")
               for k, v in attrs):
            self.forbidden.append(str(attrs))
        if tag == "section":
            self.current = a["id"]
            assert self.current not in self.maps, "one section per id"
            self.maps[self.current] = []
        if tag == "table" and "map" in a.get("class", "").split():
            self.maps[self.current].append(int(a["data-wavefronts"]))


p = Sections()
p.feed(page)
assert not p.forbidden, p.forbidden
assert "@import" not in page and "url(" not in page, "no external CSS"

drawn = [a for a in doc["accesses"]
         if a["status"] == "unknown" or a["wavefronts"] > a["ideal_wavefronts"]]
ids = {a["id"] for a in drawn}
assert len(ids) == len(drawn), "ids are unique"
assert set(p.maps) == ids, (sorted(set(p.maps) ^ ids))
conflicted = known = fixed = 0
for a in drawn:
    maps, w = p.maps[a["id"]], a["worst_request"]
    if a["status"] != "unknown":
        conflicted += 1
    if not w["known"]:
        assert maps == [], a["id"]
        assert w["reason"] in html.unescape(page), "the page says why there is no map"
        continue
    known += 1
    expect = [w["wavefronts"]]
    if "after_fix" in w:
        fixed += 1
        expect.append(w["after_fix"]["wavefronts"])
    assert maps == expect, (a["id"], maps, expect)
# Every conflicted access of a known worst request is drawn.
unknown_worst = sum(1 for a in drawn if a["status"] != "unknown"
                    and not a["worst_request"]["known"])
print(f"HTML OK sections={len(drawn)} conflicted={conflicted} "
      f"maps={known} after_fix={fixed} conflicted_without_map={unknown_worst}")
