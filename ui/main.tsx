import { createRoot } from "react-dom/client";

const locale = document.querySelector<HTMLMetaElement>('meta[name="tk-locale"]')?.content === "en" ? "en" : "ru";
createRoot(document.getElementById("root")!).render(<main lang={locale}>Tankodrome</main>);
