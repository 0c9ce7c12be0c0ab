#!/usr/bin/env python3
"""Price refresh helper: what to re-read, and which published prices a saved page copy no longer shows.

Usage:
  scripts/refresh_prices.py [--release-date YYYY-MM-DD] [--pages DIR] [--provider ID] [--stale-only]

Without --pages it prints the checklist: every provider's price page, each offer with its price, as_of
and age at the release date (STALE past six months, EXPIRED past twelve), and the exchange-rate date.
With --pages DIR it also reads DIR/<provider-id>.txt (or .html), a copy of that provider's public price
page saved by hand (browser "Save as text", or `curl URL > DIR/ID.html`), and for each offer reports
whether the page copy still shows its published price (per instance or per GPU; per hour, per minute or per
730-hour month; with a dot or a comma, with or without thousands separators). An offer whose price is not found has probably changed: read the
page, update the JSON (price, as_of, source), and run `gpuplan catalog check catalogs`.

The release date defaults to kCatalogReleaseDate in src/catalog/catalog.h, the date the C++ code measures
ages from. Nothing here touches the network. Exit code: 0, or 1 when an offer is EXPIRED.
"""
import argparse
import datetime
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STALE_AFTER_DAYS = 183   # catalog.h kStaleAfterDays
EXPIRED_AFTER_DAYS = 365  # catalog.h kExpiredAfterDays


def release_date_from_code():
    header = open(os.path.join(ROOT, "src", "catalog", "catalog.h"), encoding="utf-8").read()
    match = re.search(r'kCatalogReleaseDate\s*=\s*"(\d{4}-\d{2}-\d{2})"', header)
    return match.group(1) if match else datetime.date.today().isoformat()


def parse_date(text):
    if re.fullmatch(r"\d{4}-\d{2}", text or ""):
        text += "-01"
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def age_label(as_of, today):
    date = parse_date(as_of)
    if date is None:
        return "no date", -1
    days = (today - date).days
    if days > EXPIRED_AFTER_DAYS:
        return "EXPIRED", days
    if days > STALE_AFTER_DAYS:
        return "STALE", days
    return "ok", days


def price_spellings(value):
    """The ways a page may print a price: 317.2, 317.20, 317,20, 2 537,60, 2,537.60, 2537."""
    spellings = set()
    for decimals in (0, 1, 2, 3, 4):
        text = f"{value:.{decimals}f}"
        if decimals and float(text) != round(value, decimals):
            continue
        if abs(float(text) - value) > 1e-9 and decimals < 4:
            continue
        whole, _, frac = text.partition(".")
        grouped = f"{int(whole):,}"
        for thousands in ("", ",", " ", "\u00a0", "\u202f"):
            head = grouped.replace(",", thousands) if thousands else whole
            spellings.add(head + ("." + frac if frac else ""))
            if frac:
                spellings.add(head + "," + frac)
    return spellings


def shows_price(page_text, value):
    if value is None or value <= 0:
        return False
    for spelling in price_spellings(value):
        # Not part of a longer number: 317.2 must not match 1317.25.
        if re.search(r"(?<![\d.,])" + re.escape(spelling) + r"(?![\d])", page_text):
            return True
    return False


def shows_rate(page_text, value):
    """A price the page prints in another unit (per minute, per 730-hour month), rounded to 2-8 decimals."""
    if value is None or value <= 0:
        return False
    for decimals in range(2, 9):
        text = f"{value:.{decimals}f}"
        whole, _, frac = text.partition(".")
        grouped = f"{int(whole):,}"
        for thousands in ("", ",", " ", "\u00a0", "\u202f"):
            head = grouped.replace(",", thousands) if thousands else whole
            for sep in (".", ","):
                if re.search(r"(?<![\d.,])" + re.escape(head + sep + frac) + r"(?![\d])", page_text):
                    return True
    return False


def read_page(pages_dir, provider_id):
    for extension in (".txt", ".html", ".htm", ".md"):
        path = os.path.join(pages_dir, provider_id + extension)
        if os.path.exists(path):
            text = open(path, encoding="utf-8", errors="replace").read()
            return re.sub(r"<[^>]+>", " ", text), path
    return None, None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--release-date", default=release_date_from_code())
    parser.add_argument("--pages", help="folder of saved price pages named <provider-id>.txt or .html")
    parser.add_argument("--provider", help="only this provider id")
    parser.add_argument("--stale-only", action="store_true", help="list only offers that are stale or expired")
    args = parser.parse_args()
    today = parse_date(args.release_date)
    if today is None:
        sys.exit(f"refresh_prices: --release-date: expected YYYY-MM-DD, got {args.release_date!r}")

    expired = 0
    changed = 0
    fx = json.load(open(os.path.join(ROOT, "catalogs", "fx.json"), encoding="utf-8"))
    label, days = age_label(fx.get("as_of"), today)
    print(f"release date {today}; exchange rates as of {fx.get('as_of')} ({days} days, {label})")
    print(f"  source: {fx.get('source', '')[:160]}")
    for path in sorted(glob.glob(os.path.join(ROOT, "catalogs", "prices", "*.json"))):
        if path.endswith("index.json"):
            continue
        doc = json.load(open(path, encoding="utf-8"))
        provider = doc["provider"]
        if args.provider and provider["id"] != args.provider:
            continue
        page_text, page_path = read_page(args.pages, provider["id"]) if args.pages else (None, None)
        rows = []
        for offer in doc["offers"]:
            as_of = offer.get("as_of", doc.get("as_of"))
            label, days = age_label(as_of, today)
            expired += label == "EXPIRED"
            if args.stale_only and label == "ok":
                continue
            per_gpu = offer.get("price_per_gpu_hour")
            per_instance = offer.get("price_per_instance_hour")
            found = ""
            if page_text is not None:
                # Hourly as stored or rounded; per minute (VK Cloud, T1 Cloud); per 730-hour month (Selectel lines).
                seen = (shows_price(page_text, per_instance) or shows_price(page_text, per_gpu) or
                        any(shows_rate(page_text, rate) for price in (per_instance, per_gpu) if price
                            for rate in (price, price / 60.0, price * 730.0)))
                found = "  page: shows it" if seen else "  page: NOT FOUND (changed?)"
                changed += not seen
            price = per_gpu if per_gpu is not None else (per_instance or 0) / max(1, offer.get("gpus_per_instance", 1))
            rows.append(f"  [{label:7}] {offer['id']}: {price:g} {offer.get('currency', provider['currency'])}/GPU-h, "
                        f"{offer.get('kind')}, as_of {as_of} ({days} days){found}")
        if not rows:
            continue
        vat = "VAT included" if provider.get("vat_included") else "without VAT"
        print(f"\n{provider['id']} ({provider['name']}, {provider.get('country', '?')}, {provider['currency']}, {vat})")
        print(f"  page: {provider.get('url', 'n/a')}")
        if args.pages:
            print(f"  copy: {page_path or 'none saved in ' + args.pages}")
        print("\n".join(rows))
    print(f"\n{expired} expired offer(s)" + (f"; {changed} price(s) not found in the saved pages" if args.pages else ""))
    return 1 if expired else 0


if __name__ == "__main__":
    sys.exit(main())
