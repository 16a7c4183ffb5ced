//! Acting as a person does: pointer, keyboard, forms, dialogs, files in and out, consent banners.

pub mod consent;
pub mod dialogs;
pub mod forms;
pub mod keyboard;
pub mod pointer;
pub mod transfer;
