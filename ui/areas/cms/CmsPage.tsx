// The back office's content pages (guides, news, terms, FAQ) in ru and en: categories of a type,
// the contents of a category with their markdown bodies, and the whole CMS exported as JSON and
// imported back (the server's preview of what changes first, then all-or-nothing).
import { useState } from "react";
import { msg, ph, t } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { api, sendRaw, useApi, type ApiError } from "../../lib/api.ts";
import { act } from "../../lib/action.ts";
import { RowMenu } from "../../components/RowMenu.tsx";
import type { OutputOf } from "../../../api/contracts/contract.ts";
import * as cms from "../../../api/contracts/admin/cms.ts";
import { useForm } from "../../lib/form.ts";
import { Load, Empty } from "../../components/States.tsx";
import { Form, FormField } from "../../components/Form.tsx";
import { MarkdownEditor } from "../../components/MarkdownEditor.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toast } from "../../components/Toasts.tsx";
import { categorySchema, contentSchema } from "../../../api/domain/cms-shapes.ts";

type Cms = OutputOf<typeof cms.page>;
type Category = Cms["categories"][number];
type Content = Cms["contents"][number];
type ImportAnswer = OutputOf<typeof cms.importAll>;
type Counts = ImportAnswer["changes"]["categories"];

const TYPES: Record<string, MessageDescriptor> = {
  guide: msg`Guides`,
  news: msg`News`,
  terms: msg`Terms`,
  faq: msg`FAQ`,
};

/** Form text → the route's input: numbers, booleans, the fixed type, id and category. */
const toInput = (fixed: Record<string, unknown>) => (v: Record<string, string>) => ({
  ...v,
  ...fixed,
  sortOrder: v.sortOrder.trim() === "" ? undefined : Number(v.sortOrder),
  published: v.published === "true",
});

export default function CmsPage() {
  const state = useApi(cms.page, {});
  return <Load state={state}>{(d) => <CmsEditor d={d} reload={state.reload} />}</Load>;
}

function CmsEditor({ d, reload }: { d: Cms; reload: () => void }) {
  // A type opens on where its contents are: "without a category" when some have none, else its
  // first category holding any (it never says "no contents" beside five guides in categories).
  const startCategory = (ty: string): number | null => {
    if (d.contents.some((c) => c.type === ty && c.categoryId == null)) return null;
    const held = d.categories
      .filter((k) => k.type === ty && d.contents.some((c) => c.categoryId === k.id))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    return held[0]?.id ?? null;
  };
  const [type, setType] = useState(d.types[0]);
  const [categoryId, setCategoryId] = useState<number | null>(() => startCategory(d.types[0]));
  const [category, setCategory] = useState<Category | "new" | null>(null);
  const [content, setContent] = useState<Content | "new" | null>(null);
  const [removing, setRemoving] = useState<{ what: "category" | "content"; id: number; title: string } | null>(null);
  const categories = d.categories.filter((c) => c.type === type);
  const contents = d.contents.filter((c) => c.type === type && (c.categoryId ?? null) === categoryId);
  const done = () => (setCategory(null), setContent(null), reload());

  const remove = async () => {
    const r = removing!;
    setRemoving(null);
    await act(
      () => api(r.what === "content" ? cms.removeContent : cms.removeCategory, { id: r.id }),
      t`Removed`,
      () => {
        if (r.what === "category" && r.id === categoryId) setCategoryId(null);
        reload();
      },
    );
  };

  return (
    <section>
      <div className="tk-row" role="group" aria-label={t`Content type`}>
        {d.types.map((ty) => (
          <button
            key={ty}
            type="button"
            className="tk-link"
            aria-pressed={ty === type}
            onClick={() => (setType(ty), setCategoryId(startCategory(ty)), setCategory(null), setContent(null))}
          >
            {TYPES[ty] ? t(TYPES[ty]) : ty}
          </button>
        ))}
      </div>
      <div className="tk-row" style={{ alignItems: "flex-start" }}>
        <section className="tk-panel" aria-labelledby="cms-categories" style={{ minWidth: 260 }}>
          <h2 id="cms-categories">{t`Categories`}</h2>
          <ul className="tk-list">
            <li>
              <button
                type="button"
                className="tk-link"
                aria-pressed={categoryId === null}
                onClick={() => setCategoryId(null)}
              >
                {t`Without a category`}
              </button>
            </li>
            {categories.map((c) => (
              <li key={c.id} className="tk-row">
                <button
                  type="button"
                  className="tk-link"
                  aria-pressed={categoryId === c.id}
                  onClick={() => setCategoryId(c.id)}
                >
                  {c.titleEn} / {c.titleRu}
                </button>
                {!c.published && <span className="tk-hint">{t`hidden`}</span>}
                <RowMenu
                  actions={[
                    { label: t`Edit`, onClick: () => (setContent(null), setCategory(c)) },
                    {
                      label: t`Remove`,
                      danger: true,
                      onClick: () => setRemoving({ what: "category", id: c.id, title: c.titleEn }),
                    },
                  ]}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="tk-btn tk-primary"
            onClick={() => (setContent(null), setCategory("new"))}
          >{t`New category`}</button>
        </section>
        <section className="tk-panel" aria-labelledby="cms-contents" style={{ flex: 1 }}>
          <h2 id="cms-contents">{t`Contents`}</h2>
          {contents.length === 0 ? (
            <Empty>{t`No contents here yet.`}</Empty>
          ) : (
            <table aria-label={t`Contents`}>
              <thead>
                <tr>
                  <th scope="col">{t`Title (en)`}</th>
                  <th scope="col">{t`Title (ru)`}</th>
                  <th scope="col">{t`Published`}</th>
                  <th scope="col">{t({ message: "Order", context: "sort order" })}</th>
                  <th scope="col">
                    <span className="tk-sr">{t`Actions`}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {contents.map((c) => (
                  <tr key={c.id}>
                    <td>{c.titleEn}</td>
                    <td>{c.titleRu}</td>
                    <td>{c.published ? t`yes` : t`no`}</td>
                    <td>{c.sortOrder}</td>
                    <td>
                      <RowMenu
                        actions={[
                          { label: t`Edit`, onClick: () => (setCategory(null), setContent(c)) },
                          {
                            label: t`Remove`,
                            danger: true,
                            onClick: () => setRemoving({ what: "content", id: c.id, title: c.titleEn }),
                          },
                        ]}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button
            type="button"
            className="tk-btn tk-primary"
            onClick={() => (setCategory(null), setContent("new"))}
          >{t`New content`}</button>
        </section>
      </div>
      {category && (
        <CategoryForm
          key={category === "new" ? "new" : category.id}
          type={type}
          initial={category === "new" ? null : category}
          onDone={done}
          onCancel={() => setCategory(null)}
        />
      )}
      {content && (
        <ContentForm
          key={content === "new" ? "new" : content.id}
          type={type}
          categoryId={categoryId}
          initial={content === "new" ? null : content}
          onDone={done}
          onCancel={() => setContent(null)}
        />
      )}
      <Transfer onDone={reload} />
      <ConfirmDialog
        open={removing !== null}
        text={t`Remove "${ph({ title: removing?.title ?? "" })}"?`}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function CategoryForm({
  type,
  initial,
  onDone,
  onCancel,
}: {
  type: string;
  initial: Category | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useForm(
    categorySchema,
    {
      titleRu: initial?.titleRu ?? "",
      titleEn: initial?.titleEn ?? "",
      sortOrder: String(initial?.sortOrder ?? 0),
      published: String(initial?.published ?? true),
    },
    { toInput: toInput({ type, ...(initial ? { id: initial.id } : {}) }) },
  );
  return (
    <section className="tk-panel" aria-labelledby="cms-category-form">
      <h2 id="cms-category-form">{initial ? t`Edit category` : t`New category`}</h2>
      <Form
        form={form}
        submitLabel={t`Save`}
        onCancel={onCancel}
        onSubmit={form.submit(async (input) => {
          await sendRaw(cms.editCategory, input);
          toast.ok(t`Saved`);
          onDone();
        })}
      >
        <FormField form={form} name="titleEn" label={t`Title (en)`} />
        <FormField form={form} name="titleRu" label={t`Title (ru)`} />
        <FormField form={form} name="sortOrder" label={t({ message: "Order", context: "sort order" })} type="number" />
        <FormField form={form} name="published" label={t`Published`} type="checkbox" />
      </Form>
    </section>
  );
}

function ContentForm({
  type,
  categoryId,
  initial,
  onDone,
  onCancel,
}: {
  type: string;
  categoryId: number | null;
  initial: Content | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useForm(
    contentSchema,
    {
      titleRu: initial?.titleRu ?? "",
      titleEn: initial?.titleEn ?? "",
      bodyRu: initial?.bodyRu ?? "",
      bodyEn: initial?.bodyEn ?? "",
      image: initial?.image ?? "",
      sortOrder: String(initial?.sortOrder ?? 0),
      published: String(initial?.published ?? true),
    },
    {
      toInput: toInput({
        type,
        categoryId: initial ? initial.categoryId : categoryId,
        ...(initial ? { id: initial.id } : {}),
      }),
    },
  );
  return (
    <section className="tk-panel" aria-labelledby="cms-content-form">
      <h2 id="cms-content-form">{initial ? t`Edit content` : t`New content`}</h2>
      <Form
        form={form}
        submitLabel={t`Save`}
        onCancel={onCancel}
        onSubmit={form.submit(async (input) => {
          await sendRaw(cms.editContent, input);
          toast.ok(t`Saved`);
          onDone();
        })}
      >
        <FormField form={form} name="titleEn" label={t`Title (en)`} />
        <FormField form={form} name="titleRu" label={t`Title (ru)`} />
        <MarkdownEditor
          name="bodyEn"
          label={t`Text (en)`}
          value={form.values.bodyEn}
          onChange={(v) => form.set("bodyEn", v)}
          error={form.errors.bodyEn}
        />
        <MarkdownEditor
          name="bodyRu"
          label={t`Text (ru)`}
          value={form.values.bodyRu}
          onChange={(v) => form.set("bodyRu", v)}
          error={form.errors.bodyRu}
        />
        <FormField form={form} name="image" label={t`Image address`} />
        <FormField form={form} name="sortOrder" label={t({ message: "Order", context: "sort order" })} type="number" />
        <FormField form={form} name="published" label={t`Published`} type="checkbox" />
      </Form>
    </section>
  );
}

/** Export as a JSON download; import a file: the server's preview first, then apply after a confirmation. */
function Transfer({ onDone }: { onDone: () => void }) {
  const [data, setData] = useState<unknown>(null);
  const [preview, setPreview] = useState<ImportAnswer["changes"] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = (onlyPreview: boolean) => sendRaw(cms.importAll, { data, preview: onlyPreview });
  const pick = async (file: File | undefined) => {
    setPreview(null);
    if (!file) return;
    try {
      const parsed = JSON.parse(await file.text()) as unknown;
      setData(parsed);
      setPreview((await sendRaw(cms.importAll, { data: parsed, preview: true })).changes);
    } catch (e) {
      toast.error(e instanceof SyntaxError ? t`The file is not JSON.` : (e as ApiError).message);
    }
  };
  const line = (label: string, c: Counts) =>
    t`${ph({ label })}: ${ph({ added: c.added.length })} added, ${ph({ changed: c.changed.length })} changed, ${ph({ removed: c.removed.length })} removed`;
  return (
    <section className="tk-panel" aria-labelledby="cms-transfer">
      <h2 id="cms-transfer">{t`Export and import`}</h2>
      <p className="tk-row">
        <a className="tk-btn" href="/admin/cms/export" download>{t`Export all as JSON`}</a>
        <label>
          {t`Import a JSON file`}{" "}
          <input type="file" accept=".json,application/json" onChange={(e) => pick(e.target.files?.[0])} />
        </label>
      </p>
      {preview && (
        <div role="status" aria-label={t`What the import changes`}>
          <p>{line(t`Categories`, preview.categories)}</p>
          <p>{line(t`Contents`, preview.contents)}</p>
          <button
            type="button"
            className="tk-btn tk-primary"
            onClick={() => setConfirming(true)}
          >{t`Apply the import`}</button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        text={t`Replace the whole CMS with the file's contents?`}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await act(
            () => send(false),
            t`Imported`,
            () => (setPreview(null), onDone()),
          );
        }}
      />
    </section>
  );
}
