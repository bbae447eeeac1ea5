import Foundation

/// Polygons for the shapes the canvas fills, arcs flattened finely enough (within 0.005 px)
/// that exact polygon coverage is exact shape coverage to well under one 255th.
enum ShapeOutline {
    /// The largest distance a flattened arc may stray from the true one, in pixels.
    static let tolerance = 0.005
    /// The most segments a quarter arc is cut into.
    static let maxSegmentsPerQuarter = 256

    static func rectangle(_ rect: Rect) -> [Point] {
        [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]
    }

    /// A rectangle whose chosen corners are quarter circles of `radius` (at most half the
    /// shorter side); the others stay square.
    static func roundedRectangle(_ rect: Rect, radius: Double, corners: Corners) -> [Point] {
        let radius = radius.isFinite ? min(max(radius, 0), rect.width / 2, rect.height / 2) : 0
        guard radius > 0, !corners.isEmpty else { return rectangle(rect) }
        var points: [Point] = []
        // Clockwise on screen from the top-left corner: each corner's centre and its start angle.
        let layout: [(Corners, Point, Point, Double)] = [
            (.topLeft, Point(x: rect.minX, y: rect.minY), Point(x: rect.minX + radius, y: rect.minY + radius), .pi),
            (
                .topRight, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX - radius, y: rect.minY + radius),
                1.5 * .pi
            ),
            (.bottomRight, Point(x: rect.maxX, y: rect.maxY), Point(x: rect.maxX - radius, y: rect.maxY - radius), 0),
            (
                .bottomLeft, Point(x: rect.minX, y: rect.maxY), Point(x: rect.minX + radius, y: rect.maxY - radius),
                0.5 * .pi
            ),
        ]
        let segments = segmentCount(radius: radius)
        for (corner, square, center, start) in layout {
            guard corners.contains(corner) else {
                points.append(square)
                continue
            }
            for step in 0...segments {
                let angle = start + Double(step) / Double(segments) * (.pi / 2)
                points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
            }
        }
        return points
    }

    /// The ellipse inscribed in `rect`.
    static func ellipse(in rect: Rect) -> [Point] {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let center = Point(x: rect.minX + rx, y: rect.minY + ry)
        let count = 4 * segmentCount(radius: max(rx, ry))
        return (0..<count).map { step in
            let angle = Double(step) / Double(count) * 2 * .pi
            return Point(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle))
        }
    }

    /// A straight line `width` pixels thick with square (unextended) ends.
    static func line(from start: Point, to end: Point, width: Double) -> [Point] {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite, width > 0 else { return [] }
        let nx = -dy / length * width / 2
        let ny = dx / length * width / 2
        return [
            Point(x: start.x + nx, y: start.y + ny), Point(x: end.x + nx, y: end.y + ny),
            Point(x: end.x - nx, y: end.y - ny), Point(x: start.x - nx, y: start.y - ny),
        ]
    }

    /// Segments for a quarter arc of `radius` so that no chord strays more than `tolerance`.
    static func segmentCount(radius: Double) -> Int {
        guard radius > tolerance, radius.isFinite else { return 1 }
        let step = 2 * acos(1 - tolerance / radius)
        return min(max(Int(((Double.pi / 2) / step).rounded(.up)), 1), maxSegmentsPerQuarter)
    }
}
