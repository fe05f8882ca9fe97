//! The page's files, built into the binary (no CDN, no files on disk).

/// One file of the page.
pub struct Asset {
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its text.
    pub body: &'static str,
}

const INDEX: &str = include_str!("web/index.html");
const APP: &str = include_str!("web/app.js");
const TEAM: &str = include_str!("web/team.js");
const STYLE: &str = include_str!("web/style.css");
const ICON: &str = include_str!("web/favicon.svg");

/// The file served at `path`, if there is one.
pub fn find(path: &str) -> Option<Asset> {
    let (content_type, body) = match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX),
        "/app.js" => ("text/javascript; charset=utf-8", APP),
        "/team.js" => ("text/javascript; charset=utf-8", TEAM),
        "/style.css" => ("text/css; charset=utf-8", STYLE),
        "/favicon.svg" | "/favicon.ico" => ("image/svg+xml", ICON),
        _ => return None,
    };
    Some(Asset { content_type, body })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_refers_only_to_its_own_files() {
        let page = find("/").unwrap().body;
        for file in ["app.js", "team.js", "style.css", "favicon.svg"] {
            assert!(page.contains(&format!("/{file}")), "{file}");
            assert!(find(&format!("/{file}")).is_some());
        }
        // Nothing is fetched from elsewhere (the SVG namespace is a name).
        for text in [page, APP, TEAM, STYLE] {
            for outside in [
                "src=\"http",
                "href=\"http",
                "url(http",
                "import ",
                "fetch(\"http",
            ] {
                assert!(!text.contains(outside), "{outside}");
            }
        }
        assert!(find("/nosuch").is_none());
    }
}
