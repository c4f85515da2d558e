#!/usr/bin/env bash
# The slide test (app/services/qr.server.test.ts) reads the rendered PNG with Debian's tesseract OCR.
set -euo pipefail
if [ -x "${TESSERACT_PATH:-/usr/bin/tesseract}" ]; then exit 0; fi
echo "Installing Debian's tesseract-ocr for the slide test…"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq tesseract-ocr >/dev/null
