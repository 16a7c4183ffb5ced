//! Meaning over mechanics: intents, verification, waits and structured extraction.

pub mod extract;
pub mod inspect;
pub mod intent;
pub mod verify;
pub mod wait;
