extension NotificationCardBuilder {
    /// `card` with what the card rules (`CardRule`) find in it: the actions it leaves out, a
    /// category the builder's categories do not register.
    func checked(_ card: NotificationCard, file: String?) -> NotificationCard {
        var checked = card
        checked.findings = Rules.check(card, categories: categories, file: file)
        return checked
    }
}
