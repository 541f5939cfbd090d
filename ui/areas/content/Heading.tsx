// A screen's heading, which is also the document's title.
import { useEffect, type ReactNode } from "react";
import { documentTitle } from "../../shell/ScreenRoutes.tsx";

export function Heading({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = documentTitle("admin", title);
  }, [title]);
  return (
    <div className="tk-row tk-heading">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
