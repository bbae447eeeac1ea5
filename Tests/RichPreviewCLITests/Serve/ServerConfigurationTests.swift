import RichPreviewServer
import Testing

/// `RICHPREVIEW_*` variables: each sets its field, a bad value is named with the reason.
struct ServerConfigurationTests {
    @Test func defaultsListenOnLoopback() {
        let defaults = ServerConfiguration()
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 8080)
        #expect(defaults.metricsPort == nil)
        #expect(defaults.workers >= 1)
    }

    @Test func environmentSetsEveryField() throws {
        let configuration = try ServerConfiguration.environment([
            "RICHPREVIEW_HOST": "0.0.0.0", "RICHPREVIEW_PORT": "9000", "RICHPREVIEW_METRICS_PORT": "9090",
            "RICHPREVIEW_WORKERS": "2",
            "RICHPREVIEW_QUEUE": "0", "RICHPREVIEW_MAX_BODY": "1000000", "RICHPREVIEW_TIMEOUT": "2.5",
            "RICHPREVIEW_GRACE": "5", "RICHPREVIEW_CONNECTION_TIMEOUT": "3", "RICHPREVIEW_MAX_CONNECTIONS": "50",
            "RICHPREVIEW_MAX_PIXELS": "1000", "RICHPREVIEW_MAX_MEMORY": "64", "HOME": "/root",
        ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9000)
        #expect(configuration.metricsPort == 9090)
        #expect(configuration.workers == 2)
        #expect(configuration.queue == 0)
        #expect(configuration.maxBody == 1_000_000)
        #expect(configuration.timeout == 2.5)
        #expect(configuration.grace == 5)
        #expect(configuration.connectionTimeout == 3)
        #expect(configuration.connectionLimit == 50)
        #expect(configuration.imageLimits.maxPixels == 1000)
        #expect(configuration.imageLimits.maxMemory == 64 << 20)
    }

    @Test func badValuesAreNamed() {
        for (name, value) in [
            ("RICHPREVIEW_WORKERS", "0"), ("RICHPREVIEW_PORT", "70000"), ("RICHPREVIEW_METRICS_PORT", "-1"),
            ("RICHPREVIEW_TIMEOUT", "-1"),
            ("RICHPREVIEW_QUEUE", "few"), ("RICHPREVIEW_HOST", ""),
        ] {
            #expect(throws: ServerConfiguration.InvalidSetting.self) {
                try ServerConfiguration.environment([name: value])
            }
            do {
                _ = try ServerConfiguration.environment([name: value])
            } catch {
                #expect(error.name == name)
                #expect(error.description.hasPrefix("\(name): "))
            }
        }
    }
}
