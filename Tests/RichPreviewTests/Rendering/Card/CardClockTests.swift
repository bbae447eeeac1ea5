import RichPreview
import Testing

/// `CardAttachment.clock`: durations as a player shows them, whatever a damaged header declares.
struct CardClockTests {
    @Test(arguments: [
        (0.0, "0:00"), (1.6, "0:02"), (65, "1:05"), (3909, "1:05:09"), (-4, "0:00"), (.nan, "0:00"),
        (.infinity, "10000:00:00"), (1.8e19, "10000:00:00"), (-.infinity, "0:00"),
    ])
    func showsEveryDuration(seconds: Double, shown: String) {
        #expect(CardAttachment.clock(seconds) == shown)
    }
}
