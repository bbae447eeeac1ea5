#!/bin/sh
# Adds what only release builds are granted.
/usr/libexec/PlistBuddy -c "add com.apple.developer.usernotifications.critical-alerts bool true" "${TARGET_TEMP_DIR}/${FULL_PRODUCT_NAME}.xcent"
