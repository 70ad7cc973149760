#!/bin/bash
# Healthy when JetStream is (monitoring port 8222 answers /healthz), or, when the server was
# started without monitoring, when the client port 4222 greets with INFO.
if wget -q -T 4 -O /dev/null 'http://127.0.0.1:8222/healthz?js-enabled-only=true' 2>/dev/null; then exit 0; fi
exec 3<>/dev/tcp/127.0.0.1/4222 || exit 1
read -r -t 4 greeting <&3 && [ "${greeting:0:4}" = INFO ]
