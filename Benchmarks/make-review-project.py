#!/usr/bin/env python3
"""Writes a project of N payloads for the review benchmark into FOLDER: the shipped categories,
extension plists and attachments, and payloads cycling through the kinds a real app sends (a
photo, a voice note, a movie, plain text, right-to-left text, a thread of messages, a payload with
a missing attachment and one with an unregistered category), each with its own text so that no
two cards are alike."""
import json
import os
import shutil
import sys

if len(sys.argv) != 4:
    sys.exit("usage: make-review-project.py PACKAGE_ROOT FOLDER COUNT")
root, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
if os.path.exists(folder):
    shutil.rmtree(folder)
os.makedirs(os.path.join(folder, "payloads"))
shutil.copytree(os.path.join(root, "Resources/attachments"), os.path.join(folder, "attachments"))
shutil.copy(os.path.join(root, "Resources/categories.json"), folder)
shutil.copytree(os.path.join(root, "Info-plist-samples"), os.path.join(folder, "plists"))
with open(os.path.join(folder, ".richpreview.json"), "w") as f:
    json.dump({"attachments": "attachments"}, f)

kinds = [
    ("image_category", "sample-image.jpg", "Photo {n}", "A view from the hills, number {n}"),
    ("audio_category", "sample-audio.m4a", "Voice note {n}", "Ana sent {n} seconds of audio"),
    ("movie_category", "sample-movie.mp4", "Clip {n}", "A short movie, take {n}"),
    (None, None, "Order {n} shipped", "Your parcel leaves the depot today; tracking number {n}."),
    (None, None, "طلب رقم {n}", "تم شحن طلبك اليوم، وسيصل خلال يومين"),
    ("image_category", None, "Message {n} from Ana", "Are we still on for dinner? ({n})"),
    ("image_category", "missing-{n}.jpg", "Broken {n}", "This attachment is not there"),
    ("unregistered_category", None, "Unknown {n}", "The app registers no such category"),
]
for n in range(count):
    category, attachment, title, body = kinds[n % len(kinds)]
    aps = {"alert": {"title": title.format(n=n), "body": body.format(n=n)}}
    if category:
        aps["category"] = category
    if attachment:
        aps["mutable-content"] = 1
    if n % len(kinds) == 5:
        aps["thread-id"] = "chat-ana"
    payload = {"aps": aps}
    if attachment:
        payload["attachment-url"] = attachment.format(n=n)
    with open(os.path.join(folder, "payloads", "push-%03d.json" % n), "w") as f:
        json.dump(payload, f, ensure_ascii=False, indent=2)
