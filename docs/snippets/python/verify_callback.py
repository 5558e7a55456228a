"""Verify a callback before you act on it: the X-Callback-Signature header (an HMAC of the whole raw body) and the
protocol `hash` field. The hash alone does not cover the outcome: check both."""
import functools
import hashlib
import hmac
import re
import time
from urllib.parse import parse_qsl

from hashes import checkout_hash, formula2, formula6


def verify_callback_signature(header: str, raw_body: bytes, secrets: list, now: int = None, tolerance: int = 300) -> bool:
    """header: X-Callback-Signature ("t=<unix>,v1=<hex>[,v1=<hex>]"); raw_body: the body exactly as received;
    secrets: your signing secrets, current first (two during a rotation)."""
    t, received = None, []
    for part in header.split(","):
        key, sep, value = part.strip().partition("=")
        if sep and key == "t" and value.isdigit():
            t = int(value)
        elif sep and key == "v1":
            received.append(value.lower())
    # A timestamp more than 5 minutes off is a replayed request.
    if t is None or abs((time.time() if now is None else now) - t) > tolerance:
        return False
    ok = False
    for secret in secrets:
        expected = hmac.new(secret.encode(), str(t).encode() + b"." + raw_body, hashlib.sha256).hexdigest()
        for v1 in received:
            ok = hmac.compare_digest(expected.encode(), v1.encode()) or ok
    return ok


def parse_callback(raw_body: bytes) -> dict:
    """The form body, nested fields (custom_data[key]=value) as dicts, like PHP's $_POST."""
    fields = {}
    for name, value in parse_qsl(raw_body.decode("utf-8"), keep_blank_values=True):
        m = re.fullmatch(r"([^\[]+)((?:\[[^\]]*\])*)", name)
        head, keys = (m.group(1), re.findall(r"\[([^\]]*)\]", m.group(2))) if m else (name, [])
        node, key = fields, head
        for k in keys:
            if not isinstance(node.get(key), dict):
                node[key] = {}
            node, key = node[key], k if k != "" else str(len(node[key]))
        node[key] = value
    return fields


def _ksort_key(a: str, b: str) -> int:
    """PHP ksort: numeric keys compare as numbers, the others byte by byte."""
    num = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
    if num.match(a) and num.match(b):
        return (float(a) > float(b)) - (float(a) < float(b))
    return (a.encode() > b.encode()) - (a.encode() < b.encode())


def _reversed_values(node: dict) -> bytes:
    out = b""
    for key in sorted(node, key=functools.cmp_to_key(_ksort_key)):
        value = node[key]
        out += _reversed_values(value) if isinstance(value, dict) else value.encode("utf-8")[::-1]
    return out


def expected_callback_hash(fields: dict, password: str, payer_email: str = "", algo: str = "md5") -> str:
    """The hash the callback must carry. payer_email: for S2S CARD callbacks, the payer_email you sent with the
    payment (Formula 2 covers it)."""
    f = lambda k: fields.get(k) if isinstance(fields.get(k), str) else ""
    if "id" in fields and "order_number" in fields:  # Checkout and hosted fields
        return checkout_hash([f("id"), f("order_number"), f("order_amount"), f("order_currency"), f("order_description")], password, algo)
    if "card" in fields:  # S2S CARD: the masked card still has its first 6 and last 4 digits
        if f("action") == "CREDIT2CARD":
            return formula6(password, f("trans_id"), f("card"), algo)
        return formula2(payer_email, password, f("trans_id"), f("card"), algo)
    if f("action") in ("CREDIT2VIRTUAL", "CREDIT2CRYPTO"):  # S2S APM payouts
        signed = (f("trans_id") + f("order_id") + f("status")).encode("utf-8")[::-1].upper()
        return hashlib.new(algo, signed + password.encode("utf-8")).hexdigest()
    # Every other S2S APM callback: all fields but hash, each value reversed, keys sorted at every level.
    rest = {k: v for k, v in fields.items() if k != "hash"}
    return hashlib.new(algo, (_reversed_values(rest) + password.encode("utf-8")).upper()).hexdigest()


def verify_callback_hash(fields: dict, password: str, payer_email: str = "", algo: str = "md5") -> bool:
    received = fields.get("hash") if isinstance(fields.get("hash"), str) else ""
    return hmac.compare_digest(expected_callback_hash(fields, password, payer_email, algo).encode(), received.lower().encode())
