<?php
// Verify a callback before you act on it: the X-Callback-Signature header (an HMAC of the whole raw body) and the
// protocol `hash` field. The hash alone does not cover the outcome: check both.
require_once __DIR__ . '/hashes.php';

// $header: X-Callback-Signature ("t=<unix>,v1=<hex>[,v1=<hex>]"); $rawBody: the body exactly as received
// (file_get_contents('php://input')); $secrets: your signing secrets, current first (two during a rotation).
function verify_callback_signature(string $header, string $rawBody, array $secrets, ?int $now = null, int $tolerance = 300): bool
{
    $t = null;
    $received = [];
    foreach (explode(',', $header) as $part) {
        $pair = explode('=', trim($part), 2);
        if (count($pair) !== 2) continue;
        if ($pair[0] === 't' && ctype_digit($pair[1])) $t = (int) $pair[1];
        if ($pair[0] === 'v1') $received[] = strtolower($pair[1]);
    }
    // A timestamp more than 5 minutes off is a replayed request.
    if ($t === null || abs(($now ?? time()) - $t) > $tolerance) return false;
    $ok = false;
    foreach ($secrets as $secret) {
        $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
        foreach ($received as $v1) $ok = hash_equals($expected, $v1) || $ok;
    }
    return $ok;
}

// The hash the callback must carry. $fields: the parsed body ($_POST). $payerEmail: for S2S CARD callbacks, the
// payer_email you sent with the payment (Formula 2 covers it).
function expected_callback_hash(array $fields, string $password, string $payerEmail = '', string $algo = 'md5'): string
{
    $f = fn (string $k): string => isset($fields[$k]) && is_string($fields[$k]) ? $fields[$k] : '';
    if (isset($fields['id'], $fields['order_number'])) { // Checkout and hosted fields
        return checkout_hash([$f('id'), $f('order_number'), $f('order_amount'), $f('order_currency'), $f('order_description')], $password, $algo);
    }
    if (isset($fields['card'])) { // S2S CARD: the masked card still has its first 6 and last 4 digits
        return $f('action') === 'CREDIT2CARD'
            ? formula6($password, $f('trans_id'), $f('card'), $algo)
            : formula2($payerEmail, $password, $f('trans_id'), $f('card'), $algo);
    }
    if (in_array($f('action'), ['CREDIT2VIRTUAL', 'CREDIT2CRYPTO'], true)) { // S2S APM payouts
        return hash($algo, strtoupper(strrev($f('trans_id') . $f('order_id') . $f('status'))) . $password);
    }
    // Every other S2S APM callback: all fields but hash, each value reversed, keys sorted at every level.
    unset($fields['hash']);
    $reverse = function (array $a) use (&$reverse): array {
        ksort($a);
        foreach ($a as $k => $v) $a[$k] = is_array($v) ? $reverse($v) : strrev((string) $v);
        return $a;
    };
    $sorted = $reverse($fields);
    $values = '';
    array_walk_recursive($sorted, function ($v) use (&$values) { $values .= $v; });
    return hash($algo, strtoupper($values . $password));
}

function verify_callback_hash(array $fields, string $password, string $payerEmail = '', string $algo = 'md5'): bool
{
    $received = isset($fields['hash']) && is_string($fields['hash']) ? strtolower($fields['hash']) : '';
    return hash_equals(expected_callback_hash($fields, $password, $payerEmail, $algo), $received);
}
