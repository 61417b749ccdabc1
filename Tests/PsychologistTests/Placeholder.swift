import Testing

@Test func placeholderPsychologistTests() { #expect(Bool(true)) }
