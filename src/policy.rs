//! Safety policy: which privileged capabilities a session may use, and which hosts it may reach.
//!
//! Policy is fixed by command-line flags when Glass starts and reported to clients in the
//! capability manifest; no tool can change it. Every tool asks [`Policy::decide`] before it
//! touches the browser, and every URL (navigations, redirects, subresources, frames, popups,
//! workers) is checked with [`Policy::url`]. Pure: no I/O, no async.

use clap::ValueEnum;

/// A named safety preset chosen with `--policy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PolicyPreset {
    /// Trusted local development: privileged capabilities allowed; uploads, downloads and
    /// typing into password fields need a confirmation.
    #[default]
    Development,
    /// Untrusted pages: everything not explicitly allowed is denied.
    Hardened,
}

impl PolicyPreset {
    /// The preset's name as it appears in flags and in the manifest.
    pub fn as_str(self) -> &'static str {
        match self {
            PolicyPreset::Development => "development",
            PolicyPreset::Hardened => "hardened",
        }
    }

    /// Whether a persistent browser profile (and anything stored beside it) may be used.
    pub fn allows_persistent_profile(self) -> bool {
        matches!(self, PolicyPreset::Development)
    }
}

/// Who confirms an action the policy confirms (`--confirm-by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConfirmBy {
    /// Only the person, asked through the client (MCP elicitation); where the client cannot
    /// ask, the action is refused. `hardened`'s default: a page that talks the model into an
    /// action cannot also talk it into confirming.
    Person,
    /// The model, with the confirmation token the first call returns.
    Model,
    /// The person where the client can ask, else the model's token. `development`'s default.
    Auto,
}

impl ConfirmBy {
    /// The flag and manifest name.
    pub fn as_str(self) -> &'static str {
        match self {
            ConfirmBy::Person => "person",
            ConfirmBy::Model => "model",
            ConfirmBy::Auto => "auto",
        }
    }
}

/// A privileged capability a tool may need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ValueEnum)]
pub enum Capability {
    /// Open URLs (`navigate`, `createTarget`), always within the host rules.
    Navigate,
    /// Run JavaScript in the page (`evaluate`).
    Evaluate,
    /// Give local files to the page (`upload`).
    Upload,
    /// Save files from the page (`download`).
    Download,
    /// Take screenshots.
    Screenshot,
    /// Type into password fields.
    PasswordInput,
    /// Read form field values (`observe` with `includeFormValues`).
    ReadFormValues,
    /// Drive a Chrome Glass did not start (`--attach`).
    Attach,
    /// Keep a browser profile between sessions.
    PersistentProfile,
    /// Read or change cookies and web storage directly.
    CookieAccess,
    /// Keep knowledge records about sites between sessions.
    KnowledgeStore,
    /// See request bodies and query values (`getRequest` bodies, `listRequests`
    /// `queryValues`); secret headers stay redacted regardless.
    NetworkDetails,
    /// Click at page coordinates (`clickAt`), with no element to check.
    CoordinateInput,
    /// Keep page-derived data after the session (snapshots, traces in the data directory):
    /// denied under `hardened` and with a throwaway profile unless allowed by flag.
    PersistPageData,
}

impl Capability {
    /// Every capability, in a stable order.
    pub const ALL: &[Capability] = &[
        Capability::Navigate,
        Capability::Evaluate,
        Capability::Upload,
        Capability::Download,
        Capability::Screenshot,
        Capability::PasswordInput,
        Capability::ReadFormValues,
        Capability::Attach,
        Capability::PersistentProfile,
        Capability::CookieAccess,
        Capability::KnowledgeStore,
        Capability::NetworkDetails,
        Capability::CoordinateInput,
        Capability::PersistPageData,
    ];

    /// The wire and flag name.
    pub fn as_str(self) -> &'static str {
        match self {
            Capability::Navigate => "navigate",
            Capability::Evaluate => "evaluate",
            Capability::Upload => "upload",
            Capability::Download => "download",
            Capability::Screenshot => "screenshot",
            Capability::PasswordInput => "password-input",
            Capability::ReadFormValues => "read-form-values",
            Capability::Attach => "attach",
            Capability::PersistentProfile => "persistent-profile",
            Capability::CookieAccess => "cookie-access",
            Capability::KnowledgeStore => "knowledge-store",
            Capability::NetworkDetails => "network-details",
            Capability::CoordinateInput => "coordinate-input",
            Capability::PersistPageData => "persist-page-data",
        }
    }
}

/// What the policy says about one use of a capability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Go ahead.
    Allow,
    /// Go ahead only with a confirmation token from a previous, identical call.
    Confirm,
    /// Refused.
    Deny,
}

impl Decision {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Confirm => "confirm",
            Decision::Deny => "deny",
        }
    }
}

/// A host rule: an exact host, or `*.example.com` for it and its subdomains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRule {
    host: String,
    subdomains: bool,
}

impl std::fmt::Display for HostRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.subdomains {
            f.write_str("*.")?;
        }
        f.write_str(&self.host)
    }
}

impl HostRule {
    /// Parse a host rule; `None` when it is not a plain host name or address.
    pub fn parse(s: &str) -> Option<HostRule> {
        let s = s.trim().trim_end_matches('.').to_ascii_lowercase();
        let (host, subdomains) = match s.strip_prefix("*.") {
            Some(rest) => (rest.to_owned(), true),
            None => (s, false),
        };
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        let valid = !host.is_empty()
            && host.len() <= 253
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == ':');
        if !valid {
            return None;
        }
        // The canonical form a URL's host takes (`127.1` is 127.0.0.1), so a rule matches
        // exactly the hosts Chrome connects to.
        let canonical = if host.contains(':') {
            url::Host::parse(&format!("[{host}]")).ok()?
        } else {
            url::Host::parse(&host).ok()?
        };
        Some(HostRule {
            host: host_string(Some(match &canonical {
                url::Host::Domain(d) => url::Host::Domain(d.as_str()),
                url::Host::Ipv4(a) => url::Host::Ipv4(*a),
                url::Host::Ipv6(a) => url::Host::Ipv6(*a),
            })),
            subdomains,
        })
    }

    /// Whether `host` (lowercase, no port) matches.
    pub fn matches(&self, host: &str) -> bool {
        host == self.host
            || (self.subdomains
                && host.len() > self.host.len()
                && host.ends_with(&self.host)
                && host.as_bytes()[host.len() - self.host.len() - 1] == b'.')
    }

    /// The host as written (without `*.`).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// Whether the rule was written `*.host`: only such a rule reaches subdomains, so every
    /// place that enforces it (Fetch, Chrome's resolver rules) must ask this.
    pub fn subdomains(&self) -> bool {
        self.subdomains
    }
}

/// Why a URL is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlDenial {
    /// The host is on the deny list.
    DeniedHost,
    /// An allow list is set and the host is not on it.
    NotAllowedHost,
    /// The scheme is not allowed here (such as `file:` under the hardened preset).
    Scheme,
    /// The URL could not be understood.
    Malformed,
}

impl UrlDenial {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            UrlDenial::DeniedHost => "deniedHost",
            UrlDenial::NotAllowedHost => "hostNotAllowed",
            UrlDenial::Scheme => "schemeNotAllowed",
            UrlDenial::Malformed => "malformedUrl",
        }
    }
}

/// Why the flags do not make a valid policy.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PolicyError(pub String);

/// The policy of this process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    preset: PolicyPreset,
    allowed: Vec<Capability>,
    confirmed: Vec<Capability>,
    allow_hosts: Vec<HostRule>,
    deny_hosts: Vec<HostRule>,
    /// The session browses with a throwaway profile: what it sees is not kept either.
    throwaway: bool,
    /// Who confirms, when the flag says (else the preset's default).
    confirm_by: Option<ConfirmBy>,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            preset: PolicyPreset::Development,
            allowed: Vec::new(),
            confirmed: Vec::new(),
            allow_hosts: Vec::new(),
            deny_hosts: Vec::new(),
            throwaway: false,
            confirm_by: None,
        }
    }
}

/// Split a URL into lowercase scheme and host (no port, no brackets); `None` when malformed.
///
/// Parsed as a browser parses it (WHATWG URL, the `url` crate): backslashes, missing slashes,
/// percent-encoded and numeric hosts all give the host Chrome would connect to, so a rule can
/// never be read one way here and another way by Chrome.
pub fn scheme_and_host(url: &str) -> Option<(String, String)> {
    let parsed = url::Url::parse(url.trim()).ok()?;
    Some((parsed.scheme().to_owned(), host_string(parsed.host())))
}

/// A parsed host as rules compare it: a domain lowercase without its trailing dot, an address
/// in its canonical form without brackets.
fn host_string(host: Option<url::Host<&str>>) -> String {
    match host {
        Some(url::Host::Domain(d)) => d.trim_end_matches('.').to_ascii_lowercase(),
        Some(url::Host::Ipv4(a)) => a.to_string(),
        Some(url::Host::Ipv6(a)) => a.to_string(),
        None => String::new(),
    }
}

impl Policy {
    /// Build the policy from the command-line flags.
    pub fn from_flags(
        preset: PolicyPreset,
        allowed: &[Capability],
        confirmed: &[Capability],
        allow_hosts: &[String],
        deny_hosts: &[String],
    ) -> Result<Policy, PolicyError> {
        let parse = |hosts: &[String], flag: &str| -> Result<Vec<HostRule>, PolicyError> {
            hosts
                .iter()
                .map(|h| {
                    HostRule::parse(h).ok_or_else(|| {
                        PolicyError(format!(
                            "{flag} takes a host name such as example.com or *.example.com"
                        ))
                    })
                })
                .collect()
        };
        let policy = Policy {
            preset,
            allowed: allowed.to_vec(),
            confirmed: confirmed.to_vec(),
            allow_hosts: parse(allow_hosts, "--policy-allow-host")?,
            deny_hosts: parse(deny_hosts, "--policy-deny-host")?,
            throwaway: false,
            confirm_by: None,
        };
        if preset == PolicyPreset::Hardened && policy.allow_hosts.is_empty() {
            return Err(PolicyError(
                "--policy hardened needs at least one --policy-allow-host".into(),
            ));
        }
        Ok(policy)
    }

    /// The same policy for a session on a throwaway profile (`--incognito`): page-derived
    /// data is then not kept after it either, unless `persist-page-data` is allowed.
    pub fn throwaway(mut self) -> Policy {
        self.throwaway = true;
        self
    }

    /// The same policy with `--confirm-by` given (`None`: the preset's default).
    pub fn confirmed_by(mut self, who: Option<ConfirmBy>) -> Policy {
        self.confirm_by = who;
        self
    }

    /// Who confirms: the flag, else the person under `hardened` and whoever the client lets
    /// answer under `development`.
    pub fn confirm_by(&self) -> ConfirmBy {
        self.confirm_by.unwrap_or(match self.preset {
            PolicyPreset::Hardened => ConfirmBy::Person,
            PolicyPreset::Development => ConfirmBy::Auto,
        })
    }

    /// Why `cap` is denied, in words a person can act on (the flag that gives it back).
    pub fn why_denied(&self, cap: Capability) -> String {
        if cap == Capability::PersistPageData && self.throwaway {
            return "a session on a throwaway profile (--incognito) keeps nothing of the pages it saw; --policy-allow persist-page-data keeps it".into();
        }
        format!(
            "the {} policy denies {}; --policy-allow {} gives it back",
            self.preset.as_str(),
            cap.as_str(),
            cap.as_str()
        )
    }

    /// The preset.
    pub fn preset(&self) -> PolicyPreset {
        self.preset
    }

    /// Whether any host rule is set (so Chrome must enforce them).
    pub fn has_host_rules(&self) -> bool {
        !self.allow_hosts.is_empty() || !self.deny_hosts.is_empty()
    }

    /// The allow-listed hosts.
    pub fn allow_hosts(&self) -> &[HostRule] {
        &self.allow_hosts
    }

    /// The deny-listed hosts.
    pub fn deny_hosts(&self) -> &[HostRule] {
        &self.deny_hosts
    }

    /// The decision for one use of `cap`: flags first, then the preset's table.
    pub fn decide(&self, cap: Capability) -> Decision {
        if self.confirmed.contains(&cap) {
            return Decision::Confirm;
        }
        if self.allowed.contains(&cap) {
            return Decision::Allow;
        }
        use Capability::*;
        if cap == PersistPageData && self.throwaway {
            return Decision::Deny;
        }
        match (self.preset, cap) {
            (PolicyPreset::Development, Upload | Download | PasswordInput) => Decision::Confirm,
            (PolicyPreset::Development, _) => Decision::Allow,
            (PolicyPreset::Hardened, Screenshot | Navigate) => Decision::Allow,
            (PolicyPreset::Hardened, PasswordInput) => Decision::Confirm,
            (PolicyPreset::Hardened, _) => Decision::Deny,
        }
    }

    /// Whether `url` may be loaded. `top_level` is a navigation of a page (where `file:` and
    /// `data:` are refused under the hardened preset); subresources pass `false`.
    pub fn url(&self, url: &str, top_level: bool) -> Result<(), UrlDenial> {
        let (scheme, host) = scheme_and_host(url).ok_or(UrlDenial::Malformed)?;
        match scheme.as_str() {
            "http" | "https" | "ws" | "wss" => {}
            "about" | "blob" => return Ok(()),
            "data" if !(top_level && self.preset == PolicyPreset::Hardened) => return Ok(()),
            // Local files only where no allow list bounds where pages may go.
            "file" if self.preset == PolicyPreset::Development && self.allow_hosts.is_empty() => {
                return Ok(());
            }
            _ => return Err(UrlDenial::Scheme),
        }
        if host.is_empty() {
            return Err(UrlDenial::Malformed);
        }
        if self.deny_hosts.iter().any(|r| r.matches(&host)) {
            return Err(UrlDenial::DeniedHost);
        }
        if !self.allow_hosts.is_empty() && !self.allow_hosts.iter().any(|r| r.matches(&host)) {
            return Err(UrlDenial::NotAllowedHost);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hardened() -> Policy {
        Policy::from_flags(
            PolicyPreset::Hardened,
            &[],
            &[],
            &["example.com".into(), "*.cdn.test".into()],
            &["bad.example.com".into()],
        )
        .unwrap()
    }

    #[test]
    fn hosts_are_exact_unless_wildcarded() {
        let p = hardened();
        assert_eq!(p.url("https://example.com/a?b", true), Ok(()));
        assert_eq!(p.url("https://EXAMPLE.com.:8443/", true), Ok(()));
        assert_eq!(
            p.url("https://www.example.com/", true),
            Err(UrlDenial::NotAllowedHost)
        );
        assert_eq!(p.url("https://img.cdn.test/x.png", false), Ok(()));
        assert_eq!(
            p.url("https://cdn.test/", false),
            Ok(()),
            "the wildcard covers the host too"
        );
        assert_eq!(
            p.url("https://evilcdn.test/", false),
            Err(UrlDenial::NotAllowedHost)
        );
        assert_eq!(
            p.url("https://user:pw@evil.test@example.com/", true),
            Ok(())
        );
        assert_eq!(
            p.url("https://example.com@evil.test/", true),
            Err(UrlDenial::NotAllowedHost)
        );
        assert_eq!(
            p.url("wss://evil.test/socket", false),
            Err(UrlDenial::NotAllowedHost)
        );
        assert_eq!(p.url("file:///etc/passwd", true), Err(UrlDenial::Scheme));
        assert_eq!(p.url("data:text/html,hi", true), Err(UrlDenial::Scheme));
        assert_eq!(p.url("data:image/png;base64,xx", false), Ok(()));
        assert_eq!(p.url("about:blank", true), Ok(()));
        assert_eq!(p.url("javascript:alert(1)", true), Err(UrlDenial::Scheme));
        assert_eq!(p.url("no scheme", true), Err(UrlDenial::Malformed));
    }

    #[test]
    fn urls_are_read_as_a_browser_reads_them() {
        let p = Policy::from_flags(
            PolicyPreset::Hardened,
            &[],
            &[],
            &["good.test".into(), "127.1".into()],
            &["evil.test".into()],
        )
        .unwrap();
        // A backslash ends the authority for web schemes: this is evil.test, not good.test.
        assert_eq!(
            scheme_and_host("http://evil.test\\@good.test/").unwrap().1,
            "evil.test"
        );
        assert!(p.url("http://evil.test\\@good.test/", true).is_err());
        assert!(p.url("http://good.test\\@evil.test/", true).is_ok());
        // Percent-encoded and numeric hosts are what the browser makes of them.
        assert_eq!(
            scheme_and_host("http://%65vil.test/").unwrap().1,
            "evil.test"
        );
        assert!(p.url("http://%65vil.test/", true).is_err());
        assert_eq!(
            scheme_and_host("http://0x7f.1:8080/").unwrap().1,
            "127.0.0.1"
        );
        assert!(
            p.url("http://0x7f.1:8080/", true).is_ok(),
            "the rule 127.1 is 127.0.0.1"
        );
        assert!(p.url("HTTP://GOOD.TEST./x", true).is_ok());
        assert!(
            p.url("http:good.test", true).is_ok(),
            "no slashes: still good.test"
        );
        assert_eq!(scheme_and_host("http://[::1]:9/").unwrap().1, "::1");
        assert!(scheme_and_host("no scheme at all").is_none());
    }

    #[test]
    fn names_are_the_flag_values() {
        use clap::ValueEnum;
        for c in Capability::ALL {
            let flag = c.to_possible_value().unwrap();
            assert_eq!(c.as_str(), flag.get_name());
        }
        for p in [PolicyPreset::Development, PolicyPreset::Hardened] {
            assert_eq!(p.as_str(), p.to_possible_value().unwrap().get_name());
        }
        assert_eq!(
            [Decision::Allow, Decision::Confirm, Decision::Deny].map(Decision::as_str),
            ["allow", "confirm", "deny"]
        );
        assert!(PolicyPreset::Development.allows_persistent_profile());
        assert!(!PolicyPreset::Hardened.allows_persistent_profile());
    }

    #[test]
    fn host_rules_accept_only_plain_hosts() {
        for bad in [
            "",
            "*.",
            "a b",
            "a/b",
            "a_b.test",
            "user@host",
            "[",
            &"a".repeat(254),
        ] {
            assert!(HostRule::parse(bad).is_none(), "{bad:?}");
        }
        for (good, host) in [
            ("Example.COM.", "example.com"),
            ("127.0.0.1", "127.0.0.1"),
            ("[::1]", "::1"),
            ("a-b.test", "a-b.test"),
        ] {
            assert_eq!(HostRule::parse(good).unwrap().host, host, "{good}");
        }
        let wild = HostRule::parse("*.example.com").unwrap();
        assert!(wild.matches("a.example.com") && wild.matches("example.com"));
        assert!(!wild.matches("badexample.com"));
    }

    #[test]
    fn deny_wins_over_allow() {
        let p = Policy::from_flags(
            PolicyPreset::Development,
            &[],
            &[],
            &["*.example.com".into()],
            &["bad.example.com".into()],
        )
        .unwrap();
        assert_eq!(
            p.url("http://bad.example.com/", true),
            Err(UrlDenial::DeniedHost)
        );
        assert_eq!(p.url("http://ok.example.com/", true), Ok(()));
        let open = Policy::default();
        assert_eq!(open.url("http://anything.test/", true), Ok(()));
        assert_eq!(open.url("file:///tmp/x.html", true), Ok(()));
    }

    #[test]
    fn presets_and_flags_decide() {
        let dev = Policy::default();
        assert_eq!(dev.decide(Capability::Evaluate), Decision::Allow);
        assert_eq!(dev.decide(Capability::Upload), Decision::Confirm);
        let h = hardened();
        assert_eq!(h.decide(Capability::Evaluate), Decision::Deny);
        assert_eq!(h.decide(Capability::Download), Decision::Deny);
        assert_eq!(h.decide(Capability::Screenshot), Decision::Allow);
        let loosened = Policy::from_flags(
            PolicyPreset::Hardened,
            &[Capability::Evaluate],
            &[Capability::Upload],
            &["a.test".into()],
            &[],
        )
        .unwrap();
        assert_eq!(loosened.decide(Capability::Evaluate), Decision::Allow);
        assert_eq!(loosened.decide(Capability::Upload), Decision::Confirm);
        assert!(Policy::from_flags(PolicyPreset::Hardened, &[], &[], &[], &[]).is_err());
        assert!(
            Policy::from_flags(
                PolicyPreset::Development,
                &[],
                &[],
                &["not a host".into()],
                &[]
            )
            .is_err()
        );
    }

    #[test]
    fn denial_names_are_the_documented_failure_kinds() {
        assert_eq!(UrlDenial::DeniedHost.as_str(), "deniedHost");
        assert_eq!(UrlDenial::NotAllowedHost.as_str(), "hostNotAllowed");
        assert_eq!(UrlDenial::Scheme.as_str(), "schemeNotAllowed");
        assert_eq!(UrlDenial::Malformed.as_str(), "malformedUrl");
    }

    #[test]
    fn the_preset_and_whether_chrome_must_enforce_host_rules_are_reported() {
        let flags = |preset, allow: &[&str], deny: &[&str]| {
            let allow: Vec<String> = allow.iter().map(|s| s.to_string()).collect();
            let deny: Vec<String> = deny.iter().map(|s| s.to_string()).collect();
            Policy::from_flags(preset, &[], &[], &allow, &deny).unwrap()
        };
        let hardened = flags(PolicyPreset::Hardened, &["127.0.0.1"], &[]);
        assert_eq!(hardened.preset(), PolicyPreset::Hardened);
        assert_eq!(
            flags(PolicyPreset::Development, &[], &[]).preset(),
            PolicyPreset::Development
        );
        assert!(!flags(PolicyPreset::Development, &[], &[]).has_host_rules());
        assert!(hardened.has_host_rules(), "an allow list alone");
        assert!(
            flags(PolicyPreset::Development, &[], &["evil.test"]).has_host_rules(),
            "a deny list alone"
        );
        assert!(flags(PolicyPreset::Development, &["a.test"], &["b.test"]).has_host_rules());
    }
}
