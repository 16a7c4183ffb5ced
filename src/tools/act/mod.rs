//! Acting as a person does: pointer, keyboard, forms, dialogs, files in and out, consent banners,
//! and the stored secrets a form may take by name.

pub mod calendar;
pub mod choose;
pub mod clearing;
pub mod consent;
pub mod dialogs;
pub mod forms;
pub mod keyboard;
pub mod pointer;
pub mod secrets;
pub mod stepping;
pub mod transfer;
