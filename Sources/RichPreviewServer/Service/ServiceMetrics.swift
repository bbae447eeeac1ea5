import Foundation
import Synchronization

/// The service's counters, gauges and histograms, written in Prometheus' text format for
/// `GET /metrics`.
final class ServiceMetrics: Sendable {
    /// Upper bounds, in seconds, of the duration histograms' buckets.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    /// The phases whose durations are measured apart.
    enum Phase: String, CaseIterable {
        case queue, decode, resample, encode, render
    }

    /// Why a request was refused before any work was done on it.
    enum Rejection: String, CaseIterable {
        case queueFull = "queue_full"
        case bodyTooLarge = "body_too_large"
        case timeout
        case shuttingDown = "shutting_down"
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var count = 0
        var sum = 0.0

        mutating func observe(_ seconds: Double) {
            for (index, bound) in ServiceMetrics.buckets.enumerated() where seconds <= bound { counts[index] += 1 }
            count += 1
            sum += seconds
        }
    }

    private struct State {
        var requests: [String: [Int: Int]] = [:]
        var durations: [String: Histogram] = [:]
        var phases: [Phase: Histogram] = [:]
        var rejections: [Rejection: Int] = [:]
        var inFlight = 0
    }

    private let state = Mutex(State())

    /// A request to `endpoint` answered `status` after `seconds`.
    func answered(_ endpoint: String, status: Int, seconds: Double) {
        state.withLock {
            $0.requests[endpoint, default: [:]][status, default: 0] += 1
            $0.durations[endpoint, default: Histogram()].observe(seconds)
        }
    }

    /// A phase of a request's work took `seconds`.
    func observe(_ phase: Phase, seconds: Double) {
        state.withLock { $0.phases[phase, default: Histogram()].observe(seconds) }
    }

    /// A request refused for `reason`.
    func rejected(_ reason: Rejection) {
        state.withLock { $0.rejections[reason, default: 0] += 1 }
    }

    /// A request taken into the queue (+1) or answered (-1).
    func inFlight(_ change: Int) {
        state.withLock { $0.inFlight += change }
    }

    /// Every metric in Prometheus' text format (version 0.0.4); `queued` and `running` are the pool's.
    func text(queued: Int, running: Int, workers: Int, queueCapacity: Int, memoryBudget: Int) -> String {
        let state = state.withLock { $0 }
        var out = ""
        func header(_ name: String, _ type: String, _ help: String) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        func histogram(_ name: String, labels: String, _ histogram: Histogram) {
            for (bound, count) in zip(Self.buckets, histogram.counts) {
                out += "\(name)_bucket{\(labels)le=\"\(Self.number(bound))\"} \(count)\n"
            }
            out += "\(name)_bucket{\(labels)le=\"+Inf\"} \(histogram.count)\n"
            let plain = labels.isEmpty ? "" : "{\(labels.dropLast())}"
            out += "\(name)_sum\(plain) \(Self.number(histogram.sum))\n"
            out += "\(name)_count\(plain) \(histogram.count)\n"
        }
        header("richpreview_requests_total", "counter", "Requests answered, by endpoint and status.")
        for endpoint in state.requests.keys.sorted() {
            for (status, count) in state.requests[endpoint, default: [:]].sorted(by: { $0.key < $1.key }) {
                out += "richpreview_requests_total{endpoint=\"\(endpoint)\",status=\"\(status)\"} \(count)\n"
            }
        }
        header(
            "richpreview_request_duration_seconds", "histogram",
            "Time from a request's whole body to its answer, by endpoint.")
        for endpoint in state.durations.keys.sorted() {
            histogram(
                "richpreview_request_duration_seconds", labels: "endpoint=\"\(endpoint)\",",
                state.durations[endpoint, default: Histogram()])
        }
        header(
            "richpreview_phase_duration_seconds", "histogram",
            "Time spent waiting in the queue, decoding, resampling, encoding and rendering.")
        for phase in Phase.allCases {
            histogram(
                "richpreview_phase_duration_seconds", labels: "phase=\"\(phase.rawValue)\",",
                state.phases[phase, default: Histogram()])
        }
        header("richpreview_rejections_total", "counter", "Requests refused before any work, by reason.")
        for reason in Rejection.allCases {
            out +=
                "richpreview_rejections_total{reason=\"\(reason.rawValue)\"} \(state.rejections[reason, default: 0])\n"
        }
        header("richpreview_in_flight_requests", "gauge", "Requests taken and not yet answered.")
        out += "richpreview_in_flight_requests \(state.inFlight)\n"
        header("richpreview_queued_requests", "gauge", "Requests waiting for a worker.")
        out += "richpreview_queued_requests \(queued)\n"
        header("richpreview_busy_workers", "gauge", "Workers working on a request.")
        out += "richpreview_busy_workers \(running)\n"
        header("richpreview_workers", "gauge", "Worker threads.")
        out += "richpreview_workers \(workers)\n"
        header("richpreview_queue_capacity", "gauge", "Requests that may wait for a worker.")
        out += "richpreview_queue_capacity \(queueCapacity)\n"
        header(
            "richpreview_memory_budget_bytes", "gauge",
            "The decode memory budget per worker times the busy workers: the most image memory in use now.")
        out += "richpreview_memory_budget_bytes \(memoryBudget)\n"
        return out
    }

    /// A number as Prometheus reads it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
