import Foundation

extension ShapeOutline {
    /// How far along each edge a continuous corner of radius r bends: 1.528 r ([3P] descriptions
    /// of UIKit's continuous corner curve, which starts its bend earlier than a circular arc).
    static let continuousCornerExtent = 1.528
    /// The superellipse exponent of a continuous corner. Chosen: 3.3, which puts the curve's
    /// middle where a circular arc of the same radius has it, so the corner differs from a circle
    /// where it leaves the edges (more gently), not in its overall size.
    static let continuousCornerExponent = 3.3

    /// A rectangle whose chosen corners are "continuous" as iOS draws its platters: each a quarter
    /// superellipse meeting the edges without a kink in curvature, reaching `continuousCornerExtent`
    /// × `radius` along each edge (at most half the shorter side); the other corners stay square.
    static func continuousRoundedRectangle(_ rect: Rect, radius: Double, corners: Corners) -> [Point] {
        let extent =
            radius.isFinite ? min(max(radius, 0) * continuousCornerExtent, rect.width / 2, rect.height / 2) : 0
        guard extent > 0, !corners.isEmpty else { return rectangle(rect) }
        // Clockwise on screen from the top-left corner: each corner, and the directions into the
        // rectangle along x and y from it.
        let layout: [(Corners, Point, Double, Double)] = [
            (.topLeft, Point(x: rect.minX, y: rect.minY), 1, 1),
            (.topRight, Point(x: rect.maxX, y: rect.minY), -1, 1),
            (.bottomRight, Point(x: rect.maxX, y: rect.maxY), -1, -1),
            (.bottomLeft, Point(x: rect.minX, y: rect.maxY), 1, -1),
        ]
        let segments = 2 * segmentCount(radius: extent)
        let power = 2 / continuousCornerExponent
        var points: [Point] = []
        for (index, (corner, square, ux, uy)) in layout.enumerated() {
            guard corners.contains(corner) else {
                points.append(square)
                continue
            }
            let center = Point(x: square.x + ux * extent, y: square.y + uy * extent)
            // Top-left and bottom-right run from the vertical edge to the horizontal one; the
            // other two the other way round, so the outline stays clockwise.
            let fromVertical = index % 2 == 0
            for step in 0...segments {
                let t = Double(fromVertical ? step : segments - step) / Double(segments) * (.pi / 2)
                points.append(
                    Point(
                        x: center.x - ux * extent * pow(cos(t), power), y: center.y - uy * extent * pow(sin(t), power)))
            }
        }
        return points
    }
}

extension Canvas {
    /// Fills `rect` with the chosen `corners` continuous, as iOS rounds its platters: a quarter
    /// superellipse that leaves each edge more gently than a circular arc, bending over 1.528 ×
    /// `radius` pixels of each edge (at most half the shorter side); anti-aliased.
    public mutating func fillContinuousRoundedRect(
        _ rect: Rect, radius: Double, _ color: RGBAColor, corners: Corners = .all
    ) {
        guard !rect.isEmpty else { return }
        fill(polygons: [ShapeOutline.continuousRoundedRectangle(rect, radius: radius, corners: corners)], color)
    }
}
