// What the app uses of users: the Users screen.
export { UsersPage } from './components/users-page';
