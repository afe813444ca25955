#!/usr/bin/env bash
# Installs and starts what the tests need from Debian's packages: Chromium for browser scenarios, ffmpeg for
# video processing, PostgreSQL for the Postgres leg, nginx in front of several processes, flite/sox for speech the recorder can capture, pocketsphinx
# for transcripts, tesseract for OCR of video frames, Firefox ESR, Xvfb and WebKitGTK for the recorder in other engines. Prints TEST_DATABASE_URL=… on its last line when a Postgres server is usable.
set -euo pipefail

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v ffmpeg >/dev/null || need+=(ffmpeg)
command -v flite >/dev/null || need+=(flite)
command -v sox >/dev/null || need+=(sox)
# The recogniser binary and its US English model are separate packages; the model alone is not enough.
command -v pocketsphinx_batch >/dev/null || need+=(pocketsphinx)
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] || need+=(pocketsphinx-en-us)
command -v pg_ctlcluster >/dev/null || need+=(postgresql)
# OCR of a recorded frame: the widget's privacy scenario checks that a blurred field's digits are not in the video.
command -v tesseract >/dev/null || need+=(tesseract-ocr)
[ -f /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ] || need+=(tesseract-ocr-eng)
# The reverse proxy docs/deployment.md documents, run in front of the web processes by production.processes.test.ts.
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
# The recorder's scenarios in other engines: Firefox ESR headful on Xvfb (xdotool presses its "Stop Sharing" bar);
# WebKitGTK through its WebDriver, with the GStreamer plugins its media stack needs.
command -v firefox-esr >/dev/null || need+=(firefox-esr)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v WebKitWebDriver >/dev/null || need+=(webkit2gtk-driver libwebkit2gtk-4.1-0 gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "Missing system packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
  echo "Installing ${need[*]} from Debian's packages…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2
fi

pg_url="postgres://app:app@127.0.0.1:5432/app"
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1)
  if [ -z "$version" ]; then
    echo "PostgreSQL is installed but has no cluster; create one with pg_createcluster." >&2
    exit 1
  fi
  pg_ctlcluster "$version" main start >&2
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
fi
if ! PGPASSWORD=app psql -h 127.0.0.1 -U app -d app -c 'select 1' >/dev/null 2>&1; then
  runuser -u postgres -- psql -q -c "CREATE ROLE app LOGIN SUPERUSER PASSWORD 'app'" >&2 2>/dev/null || true
  runuser -u postgres -- psql -q -c "CREATE DATABASE app OWNER app" >&2 2>/dev/null || true
fi
PGPASSWORD=app psql -h 127.0.0.1 -U app -d app -c 'select 1' >/dev/null
echo "TEST_DATABASE_URL=$pg_url"
