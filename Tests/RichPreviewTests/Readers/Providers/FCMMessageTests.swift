import Foundation
import RichPreview
import Testing

/// FCM bodies mapped to the APNs request Firebase documents for them, field by field.
struct FCMMessageTests {
    @Test func version1NotificationDataAndAPNsOverrides() throws {
        let (request, payload, findings) = try ProviderMapping.request(
            #"""
            {"message": {"token": "t",
              "notification": {"title": "Goal", "body": "2-1", "image": "https://cdn.example/n.jpg"},
              "data": {"match": "42"},
              "apns": {"headers": {"apns-priority": "5", "apns-push-type": "alert", "apns-collapse-id": "m42",
                                   "apns-expiration": "1800000000", "apns-topic": "com.example.app"},
                       "payload": {"aps": {"mutable-content": 1, "category": "score", "alert": {"title": "GOAL"}}},
                       "fcm_options": {"image": "https://cdn.example/a.jpg"}}}}
            """#)
        #expect(
            payload
                == (try ProviderMapping.value(
                    #"""
                    {"aps": {"alert": {"title": "GOAL", "body": "2-1"}, "mutable-content": 1, "category": "score"},
                     "match": "42", "fcm_options": {"image": "https://cdn.example/a.jpg"}}
                    """#)))
        #expect(
            request.headers
                == PushHeaders(
                    pushType: "alert", topic: "com.example.app", priority: 5, expiration: 1_800_000_000,
                    collapseID: "m42"))
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings)")
    }

    @Test func version1DefaultsToPriorityTen() throws {
        let (request, payload, _) = try ProviderMapping.request(
            #"{"message": {"topic": "news", "notification": {"title": "T", "body": "B"}}}"#)
        #expect(request.headers.priority == 10)
        #expect(payload == (try ProviderMapping.value(#"{"aps": {"alert": {"title": "T", "body": "B"}}}"#)))
    }

    @Test func notificationImageBecomesFCMOptionsImage() throws {
        let (_, payload, findings) = try ProviderMapping.request(
            #"{"message": {"token": "t", "notification": {"title": "T", "image": "https://cdn.example/n.jpg"}}}"#)
        guard case .dictionary(let members) = payload else { throw PayloadShapeError() }
        #expect(members["fcm_options"] == (try ProviderMapping.value(#"{"image": "https://cdn.example/n.jpg"}"#)))
        let missing = try #require(findings.first { $0.rule == "mutable-content-missing" })
        #expect(missing.keyPath == "message.notification.image")
        #expect(missing.line == 1)
        #expect(missing.suggestion == "message.apns.payload.aps.mutable-content")
    }

    @Test func legacyBodyMapsEveryField() throws {
        let (request, payload, findings) = try ProviderMapping.request(
            #"""
            {"to": "token", "priority": "normal", "collapse_key": "scores", "content_available": true,
             "mutable_content": true, "time_to_live": 600,
             "notification": {"title": "T", "subtitle": "S", "body": "B", "sound": "goal.caf", "badge": "3",
                              "click_action": "score", "title_loc_key": "TK", "title_loc_args": ["a"],
                              "body_loc_key": "BK", "body_loc_args": "[\"b\"]", "image": "https://cdn.example/i.png"},
             "data": {"id": "7"}}
            """#)
        #expect(
            payload
                == (try ProviderMapping.value(
                    #"""
                    {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "title-loc-key": "TK",
                                       "title-loc-args": ["a"], "loc-key": "BK", "loc-args": ["b"]},
                             "sound": "goal.caf", "badge": 3, "category": "score", "content-available": 1,
                             "mutable-content": 1},
                     "fcm_options": {"image": "https://cdn.example/i.png"}, "id": "7"}
                    """#)))
        #expect(request.headers == PushHeaders(priority: 5, collapseID: "scores"))
        #expect(findings.contains { $0.rule == "provider-mapping-assumed" && $0.keyPath == "time_to_live" })
    }

    @Test func legacyDataOnlyIsNormalPriority() throws {
        let (request, _, _) = try ProviderMapping.request(
            #"{"to": "token", "content_available": true, "data": {"sync": "1"}}"#)
        #expect(request.headers.priority == 5)
    }

    @Test func dataValuesMustBeStrings() throws {
        #expect(throws: PayloadError.self) {
            try ProviderMessage.decode(Data(#"{"message": {"token": "t", "data": {"n": 3}}}"#.utf8))
        }
        let report = PayloadDecoder().check(Data(#"{"message": {"token": "t", "data": {"n": 3}}}"#.utf8))
        let invalid = try #require(report.errors.first { $0.rule == "provider-message-invalid" })
        #expect(invalid.keyPath == "message.data.n")
        #expect(invalid.column == 37)
    }

    @Test func androidOnlyImageIsFound() throws {
        let (_, _, findings) = try ProviderMapping.request(
            #"""
            {"message": {"topic": "news", "notification": {"title": "T"},
              "android": {"notification": {"image": "https://cdn.example/a.png"}}}}
            """#)
        let finding = try #require(findings.first { $0.rule == "image-android-only" })
        #expect(finding.keyPath == "message.android.notification.image")
        #expect(finding.line == 2)
    }

    @Test func androidImageWithAnIOSImageIsSilent() throws {
        let (_, _, findings) = try ProviderMapping.request(
            #"""
            {"message": {"topic": "news", "notification": {"title": "T"},
              "android": {"notification": {"image": "https://cdn.example/a.png"}},
              "apns": {"payload": {"aps": {"mutable-content": 1}}, "fcm_options": {"image": "https://cdn.example/i.png"}}}}
            """#)
        #expect(!findings.contains { $0.rule == "image-android-only" })
        #expect(!findings.contains { $0.rule == "mutable-content-missing" })
    }

    @Test func payloadFindingsPointIntoTheMessage() throws {
        let json = #"""
            {"message": {"token": "t",
              "apns": {"payload": {"aps": {"alert": "x", "badgee": 1}}}}}
            """#
        let (_, _, findings) = try ProviderMapping.request(json)
        let unknown = try #require(findings.first { $0.rule == "aps-unknown-key" })
        #expect(unknown.keyPath == "message.apns.payload.aps.badgee")
        #expect(unknown.line == 2)
        #expect(unknown.column == 46)
        #expect(unknown.notes.contains { $0.contains("aps.badgee") })
    }

    @Test func aTargetIsRequired() {
        let report = PayloadDecoder().check(Data(#"{"message": {"notification": {"title": "T"}}}"#.utf8))
        let error = report.errors.first
        #expect(error?.rule == "provider-message-invalid")
        #expect(error?.message.contains("FCM") == true)
        #expect(error?.line == 1)
    }

    @Test func forcedProviderRefusesAnotherShape() {
        let report = PayloadDecoder(provider: .fcm).check(Data(#"{"aps": {"alert": "x"}}"#.utf8))
        #expect(report.errors.map(\.rule) == ["provider-message-invalid"])
    }

    @Test func theAdminSDKsMessageWithoutItsWrapperIsVersion1() throws {
        let (request, payload, findings) = try ProviderMapping.request(
            #"""
            {"tokens": ["t1", "t2"], "notification": {"title": "T", "imageUrl": "https://cdn.example/n.jpg"},
             "data": {"id": "7"},
             "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"mutable-content": 1}},
                      "fcmOptions": {"imageUrl": "https://cdn.example/a.jpg"}}}
            """#)
        #expect(
            payload
                == (try ProviderMapping.value(
                    #"""
                    {"aps": {"alert": {"title": "T"}, "mutable-content": 1}, "id": "7",
                     "fcm_options": {"image": "https://cdn.example/a.jpg"}}
                    """#)))
        #expect(request.headers == PushHeaders(priority: 5))
        #expect(!findings.contains { $0.rule == "provider-message-invalid" }, "\(findings)")
    }

    @Test(arguments: [
        #"{"token": "abc", "data": {"user": {"id": 1}}}"#, #"{"topic": "news", "title": "T"}"#,
        #"{"token": "abc", "notification": "on", "aps": {"alert": "x"}}"#,
    ])
    func nearMissesOfTheAdminFormAreNotFCM(_ json: String) {
        let report = PayloadDecoder().check(Data(json.utf8))
        #expect(report.provider == .apns)
    }

    @Test func theAdminFormsSwitchIsSuggestedForItsImage() throws {
        let (_, _, findings) = try ProviderMapping.request(
            #"{"token": "t", "notification": {"title": "T"}, "apns": {"fcmOptions": {"imageUrl": "https://cdn.example/a.jpg"}}}"#
        )
        let missing = try #require(findings.first { $0.rule == "mutable-content-missing" })
        #expect(missing.keyPath == "apns.fcmOptions.imageUrl")
        #expect(missing.suggestion == "apns.payload.aps.mutable-content")
    }
}
