<?php
// Runs docs/snippets/php over the calls on stdin (JSON [{fn, args}]) and prints their results as JSON.
require __DIR__ . '/../../../docs/snippets/php/verify-callback.php';

$out = [];
foreach (json_decode(stream_get_contents(STDIN), true) as $call) {
    $a = $call['args'];
    if ($call['fn'] === 'callback') { // [rawBody, header, secrets, now, password, payerEmail, algo]
        parse_str($a[0], $fields); // what PHP puts in $_POST
        $out[] = [verify_callback_signature($a[1], $a[0], $a[2], $a[3]), verify_callback_hash($fields, $a[4], $a[5], $a[6])];
    } else {
        $out[] = $call['fn'](...$a);
    }
}
echo json_encode($out);
