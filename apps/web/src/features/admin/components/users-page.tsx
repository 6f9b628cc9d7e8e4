import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUsers } from '../api/list-users.ts';
import { ADMIN_PAGE_SIZE } from '../api/query-keys.ts';
import { errorText, formatDateTime, formatNumber } from '../format.ts';
import { Pager } from './pager.tsx';
import { UserDetail } from './user-detail.tsx';

/** Search users by name, username or e-mail; pick one to see and act on their account. */
export function UsersPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const users = useUsers(q, page);

  function handleSearch(event: FormEvent) {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  }

  return (
    <div className="space-y-6">
      <form onSubmit={handleSearch} role="search" className="flex items-end gap-2">
        <TextField
          label="Search users"
          placeholder="name, username or e-mail"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="flex-1"
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {users.isError && <Alert tone="error">{errorText(users.error)}</Alert>}
      {users.data && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Users">
            <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
              <tr>
                <th className="py-2 pr-4">Username</th>
                <th className="py-2 pr-4">Name</th>
                <th className="py-2 pr-4">E-mail</th>
                <th className="py-2 pr-4 text-right">Credits</th>
                <th className="py-2 pr-4">Joined</th>
                <th className="py-2 pr-4">State</th>
                <th className="py-2">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {users.data.items.map((user) => (
                <tr key={user.id}>
                  <td className="py-2 pr-4">{user.username}</td>
                  <td className="py-2 pr-4">{user.name}</td>
                  <td className="py-2 pr-4">{user.email}</td>
                  <td className="py-2 pr-4 text-right">{formatNumber(user.credits)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(user.date_joined)}</td>
                  <td className="space-x-1 py-2 pr-4">
                    {user.role === 'admin' && <Badge tone="info">admin</Badge>}
                    {user.disabled_at && <Badge tone="danger">disabled</Badge>}
                  </td>
                  <td className="py-2 text-right">
                    <Button variant="ghost" size="sm" onClick={() => setSelected(user.id)}>
                      Open {user.username}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {users.data.items.length === 0 && <p className="py-2 text-sm">No user matches.</p>}
          <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data.total} onPage={setPage} />
        </div>
      )}
      {selected && <UserDetail userId={selected} />}
    </div>
  );
}
